import type { User } from '@papertrade/domain';
import { Alert, Box, Button, Divider, Popover, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { NotificationList } from '../../components/notification-list.tsx';
import { unreadCount, useNotificationActions } from '../../components/use-notification-actions.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { NOTIFICATION_MENU_WIDTH } from '../../lib/ui-constants.ts';

interface NotificationMenuProps {
  user: User;
  anchorEl: HTMLElement | null;
  onClose: () => void;
}

/** docs/pages.md, Shell: 350px wide; each notification can be opened, marked read or deleted. */
export function NotificationMenu({ user, anchorEl, onClose }: NotificationMenuProps) {
  const actions = useNotificationActions(user, onClose);
  const unread = unreadCount(user);
  return (
    <Popover
      open={Boolean(anchorEl)}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': 'Notifications',
          sx: { width: NOTIFICATION_MENU_WIDTH, maxWidth: 'calc(100vw - 16px)', maxHeight: 480 },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          py: 1.5,
        }}
      >
        <Typography variant="subtitle1" component="h2" fontWeight={700}>
          Notifications
        </Typography>
        {unread > 0 && (
          <Button size="small" onClick={actions.markAllRead} disabled={actions.pending}>
            Mark all read
          </Button>
        )}
      </Box>
      <Divider />
      {actions.error && (
        <Alert severity="error" sx={{ m: 1 }}>
          {errorMessage(actions.error)}
        </Alert>
      )}
      <NotificationList notifications={user.notifications} actions={actions} dense />
      <Divider />
      <Button component={RouterLink} to="/notifications" onClick={onClose} fullWidth>
        View all
      </Button>
    </Popover>
  );
}
