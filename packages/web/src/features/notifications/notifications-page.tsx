import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { NotificationList } from '../../components/notification-list.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useUser } from '../../lib/api/get-session.ts';
import { unreadCount, useNotificationActions } from '../../components/use-notification-actions.ts';

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
        <NotificationList
          notifications={user.notifications}
          actions={actions}
          label="Notifications"
        />
      </Paper>
    </Stack>
  );
}
