import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { NotificationMenu } from './notification-menu.tsx';
import { NOTIFICATION_MENU_WIDTH } from '../../lib/ui-constants.ts';

describe('notification menu', () => {
  it('ends with View all, which leads to /notifications and closes the menu', async () => {
    const onClose = vi.fn();
    const { router } = renderRoutes(
      [
        {
          path: '/home',
          element: (
            <NotificationMenu user={makeUser()} anchorEl={document.body} onClose={onClose} />
          ),
        },
        { path: '/notifications', element: <p>page /notifications</p> },
      ],
      '/home',
    );
    const menu = screen.getByRole('dialog', { name: 'Notifications' });
    expect(menu).toHaveStyle({ width: `${NOTIFICATION_MENU_WIDTH}px` });
    expect(within(menu).getByText('No notifications')).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('link', { name: 'View all' }));
    expect(router.state.location.pathname).toBe('/notifications');
    expect(onClose).toHaveBeenCalled();
  });
});
