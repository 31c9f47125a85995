import { Alert, Button, List, Paper, Stack, Typography } from '@mui/material';
import { NotificationListItem } from '../../components/notification-list-item.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useUser } from '../auth/api/get-session.ts';
import { unreadCount, useNotificationActions } from './use-notification-actions.ts';

export default function NotificationsPage() {
  const user = useUser();
  const actions = useNotificationActions(user);
  const unread = unreadCount(user);
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography color="text.secondary">{unread} unread</Typography>
        <Button onClick={actions.markAllRead} disabled={unread === 0 || actions.pending}>
          Mark all read
        </Button>
      </Stack>
      {actions.error && <Alert severity="error">{errorMessage(actions.error)}</Alert>}
      <Paper variant="outlined">
        {user.notifications.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
            No notifications
          </Typography>
        ) : (
          <List aria-label="Notifications">
            {user.notifications.map((n) => (
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
        )}
      </Paper>
    </Stack>
  );
}
