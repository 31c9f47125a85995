import type { Notification } from '@papertrade/domain';
import { List, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { NotificationListItem } from './notification-list-item.tsx';

/** What a list does with a notification (use-notification-actions.ts). */
export interface NotificationHandlers {
  open: (notification: Notification) => void;
  markRead: (notification: Notification) => void;
  remove: (notification: Notification) => void;
  pending: boolean;
}

/** The user's notifications, or "No notifications"; `dense` is the header menu's size. */
export function NotificationList({
  notifications,
  actions,
  dense = false,
  label,
}: {
  notifications: Notification[];
  actions: NotificationHandlers;
  dense?: boolean;
  label?: string;
}) {
  const shown = useRef<HTMLElement | null>(null);
  const keep = (element: HTMLElement | null) => {
    shown.current = element;
  };
  const count = useRef(notifications.length);
  // Deleting a notification removes the button that had the focus, which then falls to the page:
  // outside the menu, where Escape no longer closes it. Keep it in the list instead.
  useEffect(() => {
    const fewer = notifications.length < count.current;
    count.current = notifications.length;
    if (fewer && (document.activeElement === null || document.activeElement === document.body))
      shown.current?.focus();
  }, [notifications.length]);

  if (notifications.length === 0)
    return (
      <Typography
        ref={keep}
        tabIndex={-1}
        sx={{ px: dense ? 2 : 3, py: 3, textAlign: 'center', outline: 'none' }}
        color="text.secondary"
      >
        No notifications
      </Typography>
    );
  return (
    <List
      ref={keep}
      tabIndex={-1}
      sx={{ outline: 'none' }}
      dense={dense}
      disablePadding={dense}
      aria-label={label}
    >
      {notifications.map((n) => (
        <NotificationListItem
          key={n.id}
          notification={n}
          onOpen={actions.open}
          onMarkRead={actions.markRead}
          onDelete={actions.remove}
          disabled={actions.pending}
        />
      ))}
    </List>
  );
}
