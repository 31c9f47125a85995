import { latestEntries, type User } from '@papertrade/domain';
import { Alert, Link, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { NotificationList } from '../../components/notification-list.tsx';
import { unreadCount, useNotificationActions } from '../../components/use-notification-actions.ts';
import { errorMessage } from '../../lib/api-client.ts';

/** How many notifications /home shows; the rest are on /notifications. */
const SHOWN = 5;

/**
 * The latest notifications on /home: on desktop the shell has no bell and no Notifications menu
 * item (docs/pages.md, Shell), so this card is where a desktop user sees that an order filled.
 */
export function NotificationsCard({ user }: { user: User }) {
  const actions = useNotificationActions(user);
  const unread = unreadCount(user);
  return (
    <section aria-labelledby="notifications-heading">
      <Typography
        id="notifications-heading"
        component="h2"
        variant="h6"
        fontWeight={700}
        gutterBottom
      >
        Notifications{unread > 0 && ` (${unread} unread)`}
      </Typography>
      {actions.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(actions.error)}
        </Alert>
      )}
      <Paper variant="outlined">
        <NotificationList
          notifications={latestEntries(user.notifications, SHOWN)}
          actions={actions}
          label="Latest notifications"
        />
        <Link component={RouterLink} to="/notifications" sx={{ display: 'block', p: 2 }}>
          View all
        </Link>
      </Paper>
    </section>
  );
}
