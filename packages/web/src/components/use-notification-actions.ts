import type { Notification, User } from '@papertrade/domain';
import { useNavigate } from 'react-router';
import { useUpdateNotifications } from '../lib/api/update-notifications.ts';

/** The actions every notification list offers (shell menu, /home card and /notifications). */
export function useNotificationActions(user: User, afterOpen?: () => void) {
  const update = useUpdateNotifications(user.walletAddress);
  const navigate = useNavigate();
  return {
    pending: update.isPending,
    error: update.error,
    open: (notification: Notification) => {
      if (!notification.read) update.mutate({ markRead: [notification.id] });
      afterOpen?.();
      // Only our own paths are followed; a notification never sends anyone off-site.
      if (notification.url.startsWith('/') && !notification.url.startsWith('//'))
        void navigate(notification.url);
    },
    markRead: (notification: Notification) => update.mutate({ markRead: [notification.id] }),
    remove: (notification: Notification) => update.mutate({ delete: [notification.id] }),
    markAllRead: () => update.mutate({ markAllRead: true }),
  };
}

export function unreadCount(user: User): number {
  return user.notifications.filter((n) => !n.read).length;
}
