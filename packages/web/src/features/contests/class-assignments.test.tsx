import type { Assignment } from '@papertrade/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, ETH, makeUser } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { TeacherAssignments } from './assignments-teacher.tsx';
import { ClassAssignments } from './class-assignments.tsx';
import { CONTEST_WALLET, makeContest } from './test-contest.ts';

// Typing through whole forms takes seconds on a loaded machine (2 shared cores).
const LONG = { timeout: 20_000 };

afterEach(() => vi.unstubAllGlobals());

const DUE = Date.now() + 86_400_000;
const ANN = '0x00000000000000000000000000000000000000a1';
const BO = '0x00000000000000000000000000000000000000b2';

const assignment = (progress: Assignment['progress']): Assignment => ({
  id: 'a1',
  contestId: 'c1',
  title: 'Week 1',
  dueAt: DUE,
  tasks: [
    { kind: 'READ_LESSON', lesson: 'limit-orders' },
    { kind: 'PLACE_ORDER', orderType: 'LIMIT' },
    { kind: 'HOLD_ASSETS', count: 2 },
  ],
  createdAt: 1,
  updatedAt: 1,
  progress,
});

const task = (state: 'done' | 'late' | 'no') =>
  state === 'no'
    ? { done: false, doneAt: null, late: false }
    : { done: true, doneAt: DUE - 1_000, late: state === 'late' };

function render(element: React.ReactNode, answer: () => unknown) {
  const api = mockApi((r) => {
    if (r.path === '/contests/c1/assignments' && r.method === 'GET') return { body: answer() };
    if (r.path === '/all-assets') return { body: [ETH, BTC] };
    if (r.path === '/contests/c1/assignments' && r.method === 'POST')
      return { status: 201, body: assignment([]) };
    return undefined;
  });
  const queryClient = testQueryClient();
  renderRoutes(
    [
      { path: '/contests/:id', element },
      { path: '/asset', element: <p>trade panel</p> },
    ],
    '/contests/c1',
    queryClient,
  );
  return api;
}

describe('a member’s assignment checklist', LONG, () => {
  it('ticks the tasks the server saw done and links the order task to the trade panel on that kind', async () => {
    const user = makeUser({ walletAddress: CONTEST_WALLET });
    render(<ClassAssignments contestId="c1" user={user} />, () => [
      assignment([
        {
          walletAddress: CONTEST_WALLET,
          username: 'ann',
          displayName: 'Ann',
          tasks: [task('done'), task('no'), task('late')],
        },
      ]),
    ]);
    const list = await screen.findByRole('list', { name: 'Week 1 tasks' });
    const items = within(list).getAllByRole('link');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Read “Limit orders.*”.*Done$/),
      expect.stringMatching(/^Place a limit order.*Not yet$/),
      expect.stringMatching(/^Hold 2 different assets.*Late$/),
    ]);
    expect(screen.getByText(/2 of 3 done/)).toBeInTheDocument();
    await waitFor(() =>
      expect(items[1]).toHaveAttribute('href', `/asset?pair=${BTC.id}&trade=LIMIT&side=PURCHASE`),
    );
    expect(items[0]).toHaveAttribute('href', '/learn?lesson=limit-orders');
    await userEvent.click(items[1]!);
    expect(await screen.findByText('trade panel')).toBeInTheDocument();
  });

  it('says so when the teacher has set nothing yet', async () => {
    render(<ClassAssignments contestId="c1" user={makeUser()} />, () => []);
    expect(
      await screen.findByText('Your teacher has not set any assignment yet.'),
    ).toBeInTheDocument();
  });
});

describe('the teacher’s assignments', LONG, () => {
  it('shows members against tasks as done, late or not yet', async () => {
    render(<TeacherAssignments contest={makeContest({ kind: 'CLASS' })} wallet="0xaa" />, () => [
      assignment([
        {
          walletAddress: ANN,
          username: 'ann',
          displayName: 'Ann',
          tasks: [task('done'), task('no'), task('no')],
        },
        {
          walletAddress: BO,
          username: 'bo',
          displayName: 'Bo',
          tasks: [task('no'), task('late'), task('done')],
        },
      ]),
    ]);
    const table = await screen.findByRole('table', { name: 'Week 1 progress by member' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      [
        'Member',
        'Read “Limit orders and when they fill”',
        'Place a limit order',
        'Hold 2 different assets',
      ],
      ['ann', 'Done', 'Not yet', 'Not yet'],
      ['bo', 'Not yet', 'Late', 'Done'],
    ]);
    expect(screen.getByRole('link', { name: 'CSV' })).toHaveAttribute(
      'href',
      '/contests/c1/assignments/a1/progress.csv',
    );
  });

  it('creates an assignment from the form, and an empty title is refused before any call', async () => {
    const api = render(
      <TeacherAssignments contest={makeContest({ kind: 'CLASS' })} wallet="0xaa" />,
      () => [],
    );
    await screen.findByText(/No assignment yet/);
    await userEvent.click(screen.getByRole('button', { name: 'New assignment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create assignment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the assignment a title');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText('Assignment title'), 'Week 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add a task' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create assignment' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      title: 'Week 1',
      tasks: [
        { kind: 'READ_LESSON', lesson: 'paper-trading' },
        { kind: 'PLACE_ORDER', orderType: 'LIMIT' },
      ],
    });
    expect(await screen.findByText(/Assignment created/)).toBeInTheDocument();
  });
});
