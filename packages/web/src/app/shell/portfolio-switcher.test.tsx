import type { PortfolioSummary, User } from '@papertrade/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadActiveWallet } from '../../lib/active-portfolio.ts';
import { makeUser, WALLET } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderPage, renderRoutes, testQueryClient } from '../../test/render.tsx';
import { activePortfolioGone, portfolioLabel, PortfolioSwitcher } from './portfolio-switcher.tsx';
import { useSession } from '../../lib/api/get-session.ts';

const CONTEST_WALLET = '0xc0ffee0000000000000000000000000000000001';
const main = makeUser({ portfolio: { kind: 'MAIN' } });
const contest = makeUser({
  walletAddress: CONTEST_WALLET,
  balance: 5_000,
  portfolio: { kind: 'CONTEST', contestId: 'c1' },
});
const portfolios: PortfolioSummary[] = [
  { walletAddress: WALLET, kind: 'MAIN', name: 'Main' },
  {
    walletAddress: CONTEST_WALLET,
    kind: 'CONTEST',
    contestId: 'c1',
    name: 'Spring Cup',
    status: 'RUNNING',
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  reloadActiveWallet();
});

describe('which portfolio is shown', () => {
  it('names the main portfolio or the contest', () => {
    expect(portfolioLabel(main, portfolios)).toBe('Main portfolio');
    expect(portfolioLabel(contest, portfolios)).toBe('Contest: Spring Cup');
    expect(portfolioLabel(contest, undefined)).toBe('Contest');
  });

  it('notices a contest portfolio that is no longer in the list', () => {
    expect(activePortfolioGone(contest, portfolios)).toBe(false);
    expect(activePortfolioGone(contest, [portfolios[0]!])).toBe(true);
    expect(activePortfolioGone(main, [portfolios[0]!])).toBe(false);
    expect(activePortfolioGone(contest, undefined)).toBe(false);
  });
});

/** The switcher over the session, as the header shows it. */
function Shown() {
  const { data } = useSession();
  return data ? (
    <>
      <PortfolioSwitcher user={data} />
      <p>Cash {data.balance}</p>
    </>
  ) : null;
}

function setUp(list: PortfolioSummary[], session: User = main) {
  const api = mockApi((r) => {
    if (r.path === '/auth/session') return { body: { user: main } };
    if (r.path === '/portfolios') return { body: list };
    if (r.path === '/user-details') {
      const wallet = (r.body as { walletAddress: string }).walletAddress;
      return { body: wallet === CONTEST_WALLET ? contest : main };
    }
    return undefined;
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['session'], session);
  return { api, queryClient };
}

describe('the portfolio switcher', () => {
  it('switches the whole app to a contest portfolio and says so in the header', async () => {
    const { api, queryClient } = setUp(portfolios);
    renderRoutes([{ path: '/', element: <Shown /> }], '/', queryClient);
    await userEvent.click(await screen.findByRole('button', { name: 'Portfolio: Main portfolio' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Spring Cup/ }));
    expect(
      await screen.findByRole('button', { name: 'Portfolio: Contest: Spring Cup' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Cash 5000')).toBeInTheDocument();
    const details = api.calls.find((c) => c.path === '/user-details');
    expect(details?.headers.Wallet).toBe(CONTEST_WALLET);
    expect(sessionStorage.getItem('active-portfolio')).toContain(CONTEST_WALLET);
  });

  it('goes back to the main portfolio when the shown one is gone', async () => {
    const { queryClient } = setUp([portfolios[0]!], contest);
    renderRoutes([{ path: '/', element: <Shown /> }], '/', queryClient);
    await waitFor(() => expect(screen.getByText('Cash 100000')).toBeInTheDocument());
    // Only the main portfolio is left: nothing to switch between.
    expect(screen.queryByRole('button', { name: /^Portfolio:/ })).toBeNull();
  });

  it('right after a join, a list read before it does not send the app back to main', async () => {
    // The cached list predates the join (and the switch); the server's list has the new portfolio.
    const { api, queryClient } = setUp(portfolios, contest);
    queryClient.setQueryData(['portfolios'], [portfolios[0]!], { updatedAt: Date.now() - 1000 });
    renderRoutes([{ path: '/', element: <Shown /> }], '/', queryClient);
    expect(await screen.findByRole('button', { name: 'Portfolio: Contest' })).toBeInTheDocument();
    // What showPortfolio does after a switch: the list is read again.
    await act(() => queryClient.invalidateQueries({ queryKey: ['portfolios'] }));
    expect(
      await screen.findByRole('button', { name: 'Portfolio: Contest: Spring Cup' }),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/user-details')).toBe(false);
    expect(screen.getByText('Cash 5000')).toBeInTheDocument();
  });

  it('is hidden for someone with only the main portfolio', async () => {
    setUp([portfolios[0]!]);
    renderPage(<Shown />);
    await screen.findByText('Cash 100000');
    expect(screen.queryByRole('button', { name: /^Portfolio:/ })).toBeNull();
  });

  it("under a phone's title, shows the contest's whole name and opens the same menu", async () => {
    const { queryClient } = setUp(portfolios, contest);
    renderRoutes(
      [{ path: '/', element: <PortfolioSwitcher user={contest} underTitle /> }],
      '/',
      queryClient,
    );
    const button = await screen.findByRole('button', { name: 'Portfolio: Contest: Spring Cup' });
    expect(button).toHaveTextContent(/^Spring Cup$/);
    await userEvent.click(button);
    expect(screen.getByRole('menuitemradio', { name: /Main portfolio/ })).toBeInTheDocument();
  });
});
