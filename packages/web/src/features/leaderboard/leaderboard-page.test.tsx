import type { LeaderboardEntry } from '@papertrade/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, WALLET } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import LeaderboardPage from './leaderboard-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const CONTEST_WALLET = '0xc0ffee0000000000000000000000000000000001';
const row = (walletAddress: string, username: string, rank: number): LeaderboardEntry => ({
  rank,
  walletAddress,
  username,
  avatar: null,
  totalBalance: 100_000,
  returnPercentage: 0,
  period: 'all',
  since: 1_700_000_000_000,
  resetAt: null,
});

describe('leaderboard page', () => {
  it('with a contest portfolio active, "(you)" marks the main portfolio\'s row the board ranks, not another', async () => {
    const mine = row(WALLET, 'alice', 2);
    mockApi((r) => {
      if (r.path.startsWith('/leaderboard/me')) return { body: mine };
      if (r.path.startsWith('/leaderboard?'))
        return { body: [row('0x00000000000000000000000000000000000000b0', 'bob', 1), mine] };
      return undefined;
    });
    const queryClient = testQueryClient();
    // The app shows and trades the contest portfolio: the session's wallet is the contest's.
    queryClient.setQueryData(
      ['session'],
      makeUser({ walletAddress: CONTEST_WALLET, portfolio: { kind: 'CONTEST', contestId: 'c1' } }),
    );
    renderRoutes(
      [{ path: '/leaderboard', element: <LeaderboardPage /> }],
      '/leaderboard',
      queryClient,
    );

    const board = await screen.findByRole('table', { name: 'Leaderboard' }, { timeout: 5_000 });
    const alice = within(board).getByRole('link', { name: 'alice' }).closest('tr')!;
    const bob = within(board).getByRole('link', { name: 'bob' }).closest('tr')!;
    expect(await within(alice).findByText('(you)')).toBeInTheDocument();
    expect(alice).toHaveAttribute('aria-current', 'true');
    expect(within(bob).queryByText('(you)')).toBeNull();
  });
});
