import type { Notification, User } from '@papertrade/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { NotificationsCard } from './notifications-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const note = (i: number, read = false): Notification => ({
  id: `n${i}`,
  text: `Note ${i}`,
  type: 'TRANSACTION',
  url: '/order',
  read,
  timestamp: 1_700_000_000_000 + i * 1000,
});

function setup(user: User) {
  const api = mockApi((r) => {
    if (r.path !== '/update-user') return undefined;
    const { updates } = r.body as { updates: { markRead?: string[]; delete?: string[] } };
    const notifications = user.notifications
      .filter((n) => !updates.delete?.includes(n.id))
      .map((n) => (updates.markRead?.includes(n.id) ? { ...n, read: true } : n));
    return { body: { ...user, notifications } };
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['session'], user);
  const Card = () => <NotificationsCard user={queryClient.getQueryData<User>(['session'])!} />;
  const result = renderRoutes(
    [
      { path: '/home', element: <Card /> },
      { path: '/notifications', element: <p>page /notifications</p> },
    ],
    '/home',
    queryClient,
  );
  return { api, ...result };
}

describe('home notifications card', () => {
  it('shows the latest 5, newest first, with the unread count in its title', () => {
    setup(makeUser({ notifications: [1, 2, 3, 4, 5, 6, 7].map((i) => note(i, i === 7)) }));
    expect(screen.getByRole('heading', { name: 'Notifications (6 unread)' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Latest notifications' })).getAllByRole(
      'listitem',
    );
    expect(items.map((li) => li.textContent?.replace('Unread: ', '').slice(0, 6))).toEqual([
      'Note 7',
      'Note 6',
      'Note 5',
      'Note 4',
      'Note 3',
    ]);
  });

  it('says No notifications when there are none and still links to all of them', async () => {
    const { router } = setup(makeUser());
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByText('No notifications')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'View all' }));
    expect(router.state.location.pathname).toBe('/notifications');
  });

  it('marks a notification read and deletes one through PUT /update-user', async () => {
    const { api } = setup(makeUser({ notifications: [note(1), note(2)] }));
    const list = screen.getByRole('list', { name: 'Latest notifications' });
    await userEvent.click(within(list).getAllByRole('button', { name: 'Mark as read' })[0]!);
    await userEvent.click(within(list).getAllByRole('button', { name: 'Delete notification' })[1]!);
    const bodies = api.calls.filter((c) => c.path === '/update-user').map((c) => c.body);
    expect(bodies).toEqual([
      {
        key: 'notifications',
        walletAddress: makeUser().walletAddress,
        updates: { markRead: ['n2'] },
      },
      {
        key: 'notifications',
        walletAddress: makeUser().walletAddress,
        updates: { delete: ['n1'] },
      },
    ]);
  });
});
