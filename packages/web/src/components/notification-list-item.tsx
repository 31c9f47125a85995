import type { Notification } from '@papertrade/domain';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Box, IconButton, ListItem, ListItemButton, ListItemText, Tooltip } from '@mui/material';
import { VisuallyHidden } from './visually-hidden.tsx';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface NotificationListItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onMarkRead: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
  disabled?: boolean;
}

/** One notification: opening it marks it read and follows its link; it can be marked read or deleted. */
export function NotificationListItem({
  notification,
  onOpen,
  onMarkRead,
  onDelete,
  disabled,
}: NotificationListItemProps) {
  const { read, text, timestamp } = notification;
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <Box sx={{ display: 'flex' }}>
          {!read && (
            <Tooltip title="Mark as read">
              <IconButton
                size="small"
                aria-label="Mark as read"
                disabled={disabled}
                onClick={() => onMarkRead(notification)}
              >
                <CheckIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title="Delete">
            <IconButton
              size="small"
              aria-label="Delete notification"
              disabled={disabled}
              onClick={() => onDelete(notification)}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      }
      sx={{
        '& .MuiListItemSecondaryAction-root': { right: 8 },
        // The text stops before the action buttons (two or one). Set here, not on the button:
        // ListItem's own rule for a button beside a secondary action (48px) outranks the button's sx.
        '& > .MuiListItemButton-root': { pr: read ? 6.5 : 10.5 },
      }}
    >
      <ListItemButton onClick={() => onOpen(notification)} sx={{ alignItems: 'flex-start' }}>
        <Box
          aria-hidden
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            mt: 1,
            mr: 1.5,
            flexShrink: 0,
            bgcolor: read ? 'transparent' : 'primary.main',
          }}
        />
        <ListItemText
          primary={
            <>
              {!read && <VisuallyHidden>Unread: </VisuallyHidden>}
              {text}
            </>
          }
          secondary={timeFormat.format(timestamp)}
          slotProps={{ primary: { fontWeight: read ? 400 : 700, variant: 'body2' } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
