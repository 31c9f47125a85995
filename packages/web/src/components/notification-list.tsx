import type { Notification } from '@papertrade/domain';
import { List, Typography } from '@mui/material';
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
  if (notifications.length === 0)
    return (
      <Typography sx={{ px: dense ? 2 : 3, py: 3, textAlign: 'center' }} color="text.secondary">
        No notifications
      </Typography>
    );
  return (
    <List dense={dense} disablePadding={dense} aria-label={label}>
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
