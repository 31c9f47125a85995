import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, ETH, makeUser } from '../../test/fixtures.ts';
import { mockApi, type MockRequest } from '../../test/mock-api.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import ContestsPage from './contests-page.tsx';
import { CONTEST_WALLET, makeContest } from './test-contest.ts';

// Typing through whole forms takes seconds on a loaded machine (2 shared cores).
const LONG = { timeout: 20_000 };

afterEach(() => vi.unstubAllGlobals());

function setUp(
  accountType: 'STUDENT' | 'TEACHER' = 'STUDENT',
  withPublic = false,
  create?: (r: MockRequest) => unknown,
) {
  const user = makeUser({ accountType });
  // The public list: one open contest, which lists `me` once joined (and so loses its Join button).
  let joined = false;
  const publicAnswer = () =>
    withPublic
      ? [
          makeContest({
            id: 'p1',
            name: 'Open cup',
            visibility: 'PUBLIC',
            me: joined ? { walletAddress: CONTEST_WALLET, rank: 1, returnPercentage: 0 } : null,
          }),
        ]
      : [];
  const api = mockApi((r) => {
    if (r.path === '/auth/session') return { body: { user } };
    if (r.path === '/all-assets') return { body: [BTC, ETH] };
    // The server answers an array with the next page's cursor in X-Next-Cursor.
    if (r.path === '/contests?scope=joined')
      return {
        body: [
          makeContest({
            me: {
              walletAddress: '0xc0ffee0000000000000000000000000000000001',
              rank: 2,
              returnPercentage: 1.5,
            },
          }),
        ],
        headers: { 'X-Next-Cursor': '20' },
      };
    if (r.path === '/contests?scope=joined&cursor=20')
      return { body: [makeContest({ id: 'c9', name: 'Older cup' })] };
    if (r.path === '/contests?scope=public') return { body: publicAnswer() };
    if (r.path === '/contests/join') {
      joined = true;
      return {
        status: 201,
        body: { contest: makeContest({ id: 'p1' }), walletAddress: CONTEST_WALLET },
      };
    }
    // Slower than the list's refetch, as in a browser: the Join button is gone by the time it answers.
    if (r.path === '/user-details')
      return new Promise((resolve) =>
        setTimeout(
          () =>
            resolve({
              body: makeUser({
                walletAddress: CONTEST_WALLET,
                portfolio: { kind: 'CONTEST', contestId: 'p1' },
              }),
            }),
          100,
        ),
      );
    if (r.method === 'POST' && r.path === '/contests')
      return { status: 201, body: create?.(r) ?? makeContest({ id: 'new' }) };
    return undefined;
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['session'], user);
  const view = renderRoutes(
    [
      { path: '/contests', element: <ContestsPage /> },
      { path: '/join/:code', element: <p>join page</p> },
      { path: '/contests/:id', element: <p>contest page</p> },
    ],
    '/contests',
    queryClient,
  );
  return { api, ...view };
}

describe('/contests', LONG, () => {
  it('lists joined contests with your rank and return, and switches tabs in the URL', async () => {
    const { router } = setUp();
    const list = await screen.findByRole('list', { name: 'Joined contests' });
    expect(within(list).getByRole('link', { name: 'Spring Cup' })).toHaveAttribute(
      'href',
      '/contests/c1',
    );
    expect(list).toHaveTextContent('#2');
    expect(list).toHaveTextContent('+1.50%');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: 'Older cup' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Public' }));
    expect(await screen.findByText('No public contest is open right now.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=public');
  });

  it('joining an open public contest switches to its portfolio and opens it', async () => {
    const { router, queryClient } = setUp('STUDENT', true);
    await userEvent.click(await screen.findByRole('tab', { name: 'Public' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Join Open cup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contests/p1'));
    expect(queryClient.getQueryData(['session'])).toMatchObject({ walletAddress: CONTEST_WALLET });
  });

  it('join by code opens the join page, also from a pasted link', async () => {
    const { router } = setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(
      screen.getByText('Enter the code your host gave you, or paste the link'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Join code'), 'https://x.test/join/ABC123');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/join/ABC123'));
  });

  it('Create: errors under the fields, then a preview of the rules, then the POST', async () => {
    const { api, router } = setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a contest' });
    // A student cannot host a class: no choice of type.
    expect(within(dialog).queryByRole('radio', { name: /Class/ })).toBeNull();
    await userEvent.clear(within(dialog).getByLabelText('Starting balance'));
    await userEvent.type(within(dialog).getByLabelText('Starting balance'), '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview rules' }));
    expect(
      within(dialog).getByText('Give the contest a name of at least 3 characters'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('The starting balance must be at least $1,000.00'),
    ).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Spring Cup');
    await userEvent.clear(within(dialog).getByLabelText('Starting balance'));
    await userEvent.type(within(dialog).getByLabelText('Starting balance'), '50,000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview rules' }));
    const preview = await screen.findByRole('dialog', { name: 'Check the rules' });
    const rules = within(preview).getByLabelText('Rules preview');
    expect(rules).toHaveTextContent('Starting balance$50,000.00');
    expect(rules).toHaveTextContent('AssetsAll assets');
    expect(rules).toHaveTextContent('FeesNo fees');
    expect(rules).toHaveTextContent(/\(2 weeks in all\)/);
    await userEvent.click(within(preview).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contests/new'));
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/contests');
    expect(post?.body).toMatchObject({
      name: 'Spring Cup',
      kind: 'CONTEST',
      visibility: 'PRIVATE',
      startingBalance: 50_000,
      feeBps: 0,
      feeMinUsd: 0,
    });
  });

  it('a teacher may create a class and pick its lessons', async () => {
    const { api } = setUp('TEACHER');
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a contest' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Class 7B');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Class/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Market orders' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview rules' }));
    const preview = await screen.findByRole('dialog', { name: 'Check the rules' });
    expect(within(preview).getByLabelText('Rules preview')).toHaveTextContent(
      'your teacher sees your portfolio',
    );
    await userEvent.click(within(preview).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(
        api.calls.find((c) => c.method === 'POST' && c.path === '/contests')?.body,
      ).toMatchObject({
        kind: 'CLASS',
        lessons: ['market-orders'],
      }),
    );
  });
});
