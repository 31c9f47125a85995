import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadActiveWallet } from '../../lib/active-portfolio.ts';
import { makeUser } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import JoinPage from './join-page.tsx';
import { CONTEST_WALLET, makeContest } from './test-contest.ts';

// Typing through whole forms takes seconds on a loaded machine (2 shared cores).
const LONG = { timeout: 20_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  reloadActiveWallet();
});

const student = makeUser({ accountType: 'STUDENT', portfolio: { kind: 'MAIN' } });
const classPortfolio = makeUser({
  walletAddress: CONTEST_WALLET,
  portfolio: { kind: 'CONTEST', contestId: 'c1' },
});

function setUp(
  lookup: { status?: number; body: unknown },
  join?: { status?: number; body: unknown },
) {
  const api = mockApi((r) => {
    if (r.path === '/contests/code/SPRING1') return lookup;
    if (r.path === '/contests/join') return join;
    if (r.path === '/user-details') return { body: classPortfolio };
    return undefined;
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['session'], student);
  const view = renderRoutes(
    [
      { path: '/join/:code', element: <JoinPage /> },
      { path: '/contests/:id', element: <p>contest page</p> },
    ],
    '/join/SPRING1',
    queryClient,
  );
  return { api, ...view };
}

describe('/join/:code', LONG, () => {
  it('shows the host and the rules, and for a class that the teacher sees the portfolio', async () => {
    setUp({ body: makeContest({ kind: 'CLASS', name: 'Class 7B', joinCode: undefined }) });
    expect(await screen.findByRole('heading', { name: 'Class 7B' })).toBeInTheDocument();
    expect(screen.getByText('mrs_lee')).toBeInTheDocument();
    expect(screen.getByLabelText('Rules')).toHaveTextContent('Starting balance$100,000.00');
    expect(screen.getByText(/your teacher will see your class portfolio/)).toBeInTheDocument();
  });

  it('joining switches to the new portfolio and opens the contest page', async () => {
    const { api, router, queryClient } = setUp(
      { body: makeContest() },
      { status: 201, body: { contest: makeContest(), walletAddress: CONTEST_WALLET } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Join contest' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contests/c1'));
    expect(api.calls.find((c) => c.path === '/contests/join')?.body).toEqual({ code: 'SPRING1' });
    expect(queryClient.getQueryData(['session'])).toMatchObject({ walletAddress: CONTEST_WALLET });
  });

  it('says so when already in, or when the code is unknown', async () => {
    setUp(
      { body: makeContest() },
      { status: 409, body: { error: 'Already a member', code: 'ALREADY_MEMBER' } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Join contest' }));
    expect(await screen.findByText('You have already joined this contest.')).toBeInTheDocument();
  });

  it('an unknown code says what to do', async () => {
    setUp({ status: 404, body: { error: 'No such contest', code: 'NOT_FOUND' } });
    expect(
      await screen.findByText(/There is no contest with the code “SPRING1”/),
    ).toBeInTheDocument();
  });
});
