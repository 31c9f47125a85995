import { User } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { setSessionUser } from './get-session.ts';

export type NotificationUpdates =
  { markRead: string[] } | { delete: string[] } | { markAllRead: true };

/** PUT /update-user with key notifications (docs/api.md, Core calls); the answer is the updated User. */
export async function updateNotifications(walletAddress: string, updates: NotificationUpdates) {
  return api('/update-user', {
    method: 'PUT',
    body: { key: 'notifications', walletAddress, updates },
    wallet: walletAddress,
    schema: User,
  });
}

export function useUpdateNotifications(walletAddress: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (updates: NotificationUpdates) => updateNotifications(walletAddress, updates),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
