import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, WALLET } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { testQueryClient } from '../../test/render.tsx';
import { activeWallet, reloadActiveWallet, setActiveWallet } from '../../lib/active-portfolio.ts';
import { getSession } from '../../lib/api/get-session.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { showPortfolio } from './api/switch-portfolio.ts';

const CONTEST_WALLET = '0xc0ffee0000000000000000000000000000000001';
const main = makeUser({ portfolio: { kind: 'MAIN' } });
const contest = makeUser({
  walletAddress: CONTEST_WALLET,
  balance: 5_000,
  portfolio: { kind: 'CONTEST', contestId: 'c1' },
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  reloadActiveWallet();
});

describe('the session follows the chosen portfolio', () => {
  it("answers the contest portfolio's record, asked with its wallet in body and header", async () => {
    setActiveWallet('u1', CONTEST_WALLET);
    const api = mockApi((r) => {
      if (r.path === '/auth/session') return { body: { user: main } };
      if (r.path === '/user-details') return { body: contest };
      return undefined;
    });
    await expect(getSession()).resolves.toEqual(contest);
    const details = api.calls.find((c) => c.path === '/user-details');
    expect(details?.body).toEqual({ walletAddress: CONTEST_WALLET });
    expect(details?.headers.Wallet).toBe(CONTEST_WALLET);
  });

  it('falls back to the main portfolio when the chosen one is gone, and forgets it', async () => {
    setActiveWallet('u1', CONTEST_WALLET);
    mockApi((r) => {
      if (r.path === '/auth/session') return { body: { user: main } };
      if (r.path === '/user-details')
        return { status: 403, body: { error: 'Not your wallet', code: 'WALLET_MISMATCH' } };
      return undefined;
    });
    await expect(getSession()).resolves.toEqual(main);
    expect(activeWallet('u1')).toBeNull();
  });

  it('asks nothing more while the main portfolio is shown', async () => {
    const api = mockApi((r) => (r.path === '/auth/session' ? { body: { user: main } } : undefined));
    await expect(getSession()).resolves.toEqual(main);
    expect(api.calls.map((c) => c.path)).toEqual(['/auth/session']);
  });

  it('switching shows the new record everywhere, drops the old lists and remembers the choice', () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(['session'], main);
    queryClient.setQueryData(['balance-history', 7], [{ timestamp: 1, balance: 1 }]);
    showPortfolio(queryClient, contest);
    expect(queryClient.getQueryData(['session'])).toEqual(contest);
    expect(queryClient.getQueryData(['balance-history', 7])).toBeUndefined();
    expect(activeWallet('u1')).toBe(CONTEST_WALLET);
    showPortfolio(queryClient, { ...main, walletAddress: WALLET });
    expect(activeWallet('u1')).toBeNull();
  });

  it("switching drops the old portfolio's transaction pages, a transaction's details and its insight, and keeps prices", () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.session, main);
    queryClient.setQueryData(queryKeys.transactions.pages({}), { pages: [], pageParams: [] });
    queryClient.setQueryData(queryKeys.transactions.one('t1'), { id: 't1' });
    queryClient.setQueryData(queryKeys.portfolioInsight, { totalValue: 1 });
    queryClient.setQueryData(queryKeys.assets, []);
    showPortfolio(queryClient, contest);
    expect(queryClient.getQueryData(queryKeys.transactions.pages({}))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.transactions.one('t1'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.portfolioInsight)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.assets)).toEqual([]);
  });
});
