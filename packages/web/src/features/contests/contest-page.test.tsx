import type { ContestBoardRow, ContestMember } from '@papertrade/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadActiveWallet } from '../../lib/active-portfolio.ts';
import { BTC, ETH, makeUser, WALLET } from '../../test/fixtures.ts';
import { mockApi, type MockRequest } from '../../test/mock-api.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { applyLiveBoard } from './api/get-contest-leaderboard.ts';
import ContestPage from './contest-page.tsx';
import { CONTEST_WALLET, makeContest, OWNER_WALLET } from './test-contest.ts';

// Typing through whole forms takes seconds on a loaded machine (2 shared cores).
const LONG = { timeout: 20_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  reloadActiveWallet();
});

const STUDENT_2 = '0x00000000000000000000000000000000000000b2';
const row = (rank: number, username: string, wallet: string, ret: number): ContestBoardRow => ({
  rank,
  walletAddress: wallet,
  username,
  avatar: null,
  totalBalance: 100_000 * (1 + ret / 100),
  returnPercentage: ret,
  trades: rank,
});
const member: ContestMember = {
  walletAddress: STUDENT_2,
  username: 'bo',
  displayName: 'Bo',
  email: 'bo@example.com',
  totalBalance: 101_000,
  returnPercentage: 1,
  trades: 4,
  lastActiveAt: null,
  rank: 1,
};

function setUp(
  contest: ReturnType<typeof makeContest>,
  session = makeUser({ portfolio: { kind: 'MAIN' } }),
  extra?: (r: MockRequest) => { status?: number; body?: unknown } | undefined,
) {
  const api = mockApi((r) => {
    if (r.path === '/contests/c1' && r.method === 'GET') return { body: contest };
    if (r.path.startsWith('/contests/c1/leaderboard'))
      return { body: [row(1, 'bo', STUDENT_2, 1), row(2, 'alice', CONTEST_WALLET, -0.5)] };
    if (r.path.startsWith('/contests/c1/returns')) return { body: [] };
    if (r.path === '/portfolios')
      return {
        body: [
          { walletAddress: WALLET, kind: 'MAIN', name: 'Main' },
          { walletAddress: CONTEST_WALLET, kind: 'CONTEST', contestId: 'c1', name: 'Spring Cup' },
        ],
      };
    if (r.path === '/all-assets') return { body: [BTC, ETH] };
    return extra?.(r);
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['session'], session);
  const view = renderRoutes(
    [
      { path: '/contests/:id', element: <ContestPage /> },
      { path: '/assets', element: <p>assets page</p> },
    ],
    '/contests/c1',
    queryClient,
  );
  return { api, ...view };
}

describe('/contests/:id for a member', LONG, () => {
  const mine = { walletAddress: CONTEST_WALLET, rank: 2, returnPercentage: -0.5 };

  it('shows the countdown, your rank and return, and the board, which /live updates', async () => {
    const { queryClient } = setUp(makeContest({ me: mine }));
    expect(await screen.findByRole('timer', { name: 'Countdown' })).toHaveTextContent(
      /^Ends in 13 d 23 h$/,
    );
    const board = await screen.findByRole('table', { name: 'Contest leaderboard' });
    expect(within(board).getAllByRole('row')[2]).toHaveTextContent(/#2.*alice.*\(you\).*−0\.50%/);
    const standing = screen.getByRole('region', { name: 'Your standing' });
    expect(standing).toHaveTextContent('#2 of 3');

    act(() =>
      applyLiveBoard(queryClient, {
        type: 'contest',
        contestId: 'c1',
        leaderboard: [row(1, 'alice', CONTEST_WALLET, 2), row(2, 'bo', STUDENT_2, 1)],
        at: Date.now(),
      }),
    );
    await waitFor(() => expect(standing).toHaveTextContent('#1 of 3'));
    expect(within(board).getAllByRole('row')[1]).toHaveTextContent(/#1.*alice/);
  });

  it('a replay shows its clock, its speed and the replayed prices', async () => {
    const from = Date.UTC(2021, 4, 19, 13, 0);
    const priceSource = { kind: 'REPLAY' as const, from, to: from + 3_600_000, speed: 60 };
    setUp(makeContest({ me: mine, priceSource }), undefined, (r) =>
      r.path === '/contests/c1/replay'
        ? {
            body: {
              ...priceSource,
              replayedAt: from + 754_000,
              prices: [{ symbol: 'BTC', price: 38_250.5 }],
            },
          }
        : undefined,
    );
    expect(await screen.findByRole('timer', { name: 'Replay clock' })).toHaveTextContent(
      '2021-05-19 13:12:34 UTC',
    );
    expect(screen.getByLabelText('Replay speed')).toHaveTextContent(
      'Speed 60× (1 min of history a second)',
    );
    expect(screen.getByRole('list', { name: 'Replayed prices' })).toHaveTextContent(
      'BTC $38,250.50',
    );
  });

  const contestUser = makeUser({
    walletAddress: CONTEST_WALLET,
    portfolio: { kind: 'CONTEST', contestId: 'c1' },
  });
  const switches = (api: { calls: MockRequest[] }) =>
    api.calls.filter((c) => c.path === '/user-details').length;

  it('opening a running contest you are in switches the app to its portfolio', async () => {
    const { api, queryClient } = setUp(makeContest({ me: mine }), undefined, (r) =>
      r.path === '/user-details' ? { body: contestUser } : undefined,
    );
    await waitFor(() =>
      expect(queryClient.getQueryData(['session'])).toMatchObject({
        walletAddress: CONTEST_WALLET,
      }),
    );
    expect(
      await screen.findByText(/You are trading in this contest: orders go to your Spring Cup/),
    ).toBeInTheDocument();
    expect(switches(api)).toBe(1);
  });

  it('switching back to the main portfolio while on the page sticks', async () => {
    const { api, queryClient } = setUp(makeContest({ me: mine }), undefined, (r) =>
      r.path === '/user-details' ? { body: contestUser } : undefined,
    );
    await screen.findByText(/You are trading in this contest/);
    // What the header's switcher does: the main portfolio's record in the session.
    await act(async () => {
      queryClient.setQueryData(['session'], makeUser({ portfolio: { kind: 'MAIN' } }));
    });
    expect(
      await screen.findByText(/Switches the whole app to your Spring Cup/),
    ).toBeInTheDocument();
    expect(switches(api)).toBe(1);
  });

  it('"Trade in this contest" opens the assets in the contest portfolio', async () => {
    const { router, queryClient } = setUp(makeContest({ me: mine }), undefined, (r) =>
      r.path === '/user-details' ? { body: contestUser } : undefined,
    );
    await screen.findByText(/You are trading in this contest/);
    await userEvent.click(screen.getByRole('button', { name: 'Trade in this contest' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets'));
    expect(queryClient.getQueryData(['session'])).toMatchObject({ walletAddress: CONTEST_WALLET });
  });

  it('an ended contest offers no trading and does not switch the app', async () => {
    const { api } = setUp(makeContest({ me: mine, status: 'ENDED' }));
    expect(await screen.findByRole('timer', { name: 'Countdown' })).toHaveTextContent('Ended');
    expect(screen.queryByRole('button', { name: 'Trade in this contest' })).toBeNull();
    expect(screen.queryByText(/trading in this contest/)).toBeNull();
    expect(switches(api)).toBe(0);
  });

  it("a class member sees the teacher's lessons with what they have read", async () => {
    const session = makeUser({
      walletAddress: CONTEST_WALLET,
      portfolio: { kind: 'CONTEST', contestId: 'c1' },
    });
    const read = { slug: 'market-orders', readAt: 1, bestScore: null, lastScore: null };
    const progress = [{ ...read, total: null, attempts: 0, lastAttemptAt: null }];
    setUp(
      makeContest({ kind: 'CLASS', me: mine, lessons: ['market-orders', 'limit-orders'] }),
      session,
      (r) => (r.path === '/lessons/progress' ? { body: progress } : undefined),
    );
    const lessons = await screen.findByRole('list', { name: 'Class lessons' });
    expect(lessons).toHaveTextContent(
      /Market orders.*Read.*Limit orders and when they fill.*Unread/,
    );
    expect(screen.getByText('1 of 2 read')).toBeInTheDocument();
    expect(screen.getByText(/You are trading in this contest/)).toBeInTheDocument();
  });
});

describe('/contests/:id for the teacher of a class', LONG, () => {
  const teacher = makeUser({
    walletAddress: OWNER_WALLET,
    accountType: 'TEACHER',
    portfolio: { kind: 'MAIN' },
  });
  const klass = makeContest({ kind: 'CLASS' });

  function teacherSetUp() {
    return setUp(klass, teacher, (r) => {
      if (r.path === '/contests/c1/members') return { body: [member] };
      if (r.path === `/contests/c1/members/${STUDENT_2}` && r.method === 'GET')
        return {
          body: makeUser({
            walletAddress: STUDENT_2,
            username: 'bo',
            balance: 60_000,
            assets: { BTC: 1 },
          }),
        };
      if (r.method === 'DELETE') return { status: 204 };
      if (r.path === '/contests/c1/announcements') return { status: 201, body: {} };
      if (r.method === 'PATCH') return { body: { ...klass, status: 'ENDED' } };
      return undefined;
    });
  }

  it("reads a member's portfolio read-only", async () => {
    teacherSetUp();
    const members = await screen.findByRole('table', { name: 'Members' });
    await waitFor(() => expect(members).toHaveTextContent(/Bo.*bo.*\+1\.00%.*4.*Not yet/));
    await userEvent.click(within(members).getByRole('button', { name: "View bo's portfolio" }));
    const dialog = await screen.findByRole('dialog', { name: "Bo's portfolio" });
    const holdings = await within(dialog).findByRole('table', { name: 'Holdings' });
    expect(holdings).toHaveTextContent(/Bitcoin.*\$40,000\.00/);
    expect(within(dialog).getByText('Cash').parentElement).toHaveTextContent('$60,000.00');
    expect(within(dialog).queryByRole('button', { name: /Buy|Sell/ })).toBeNull();
  });

  it('removes a member after a confirmation, sends announcements, links the standings CSV, ends now', async () => {
    const { api } = teacherSetUp();
    const members = await screen.findByRole('table', { name: 'Members' });
    await userEvent.click(await within(members).findByRole('button', { name: 'Remove bo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove bo?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.method === 'DELETE' && c.path === `/contests/c1/members/${STUDENT_2}`,
        ),
      ).toBe(true),
    );

    await userEvent.type(screen.getByLabelText('Message to every member'), 'Quiz on Friday');
    await userEvent.click(screen.getByRole('button', { name: 'Send announcement' }));
    expect(await screen.findByText('Sent to every member as a notification.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/contests/c1/announcements')?.body).toEqual({
      text: 'Quiz on Friday',
    });

    expect(screen.getByRole('link', { name: 'Standings CSV' })).toHaveAttribute(
      'href',
      '/contests/c1/standings.csv',
    );

    await userEvent.click(screen.getByRole('button', { name: 'End now' }));
    const end = await screen.findByRole('dialog', { name: /End Spring Cup now/ });
    await userEvent.click(within(end).getByRole('button', { name: 'End contest' }));
    await waitFor(() =>
      expect(screen.getByRole('timer', { name: 'Countdown' })).toHaveTextContent('Ended'),
    );
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ end: true });
  });

  it('edits the details with errors under the fields', async () => {
    teacherSetUp();
    const form = await screen.findByRole('form', { name: 'Edit contest' });
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'X');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(
      within(form).getByText('Give the contest a name of at least 3 characters'),
    ).toBeInTheDocument();
  });
});
