import type { Notification, User } from '@papertrade/domain';
import { Alert, Button, Snackbar } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useIsMobile } from '../../lib/breakpoints.ts';

/**
 * The newest TRANSACTION notification that is unread and was not in the previous list, if any;
 * `seen` is updated with every id of `notifications`.
 */
export function newFillNotification(
  seen: Set<string>,
  notifications: readonly Notification[],
): Notification | null {
  let found: Notification | null = null;
  for (const n of notifications) {
    if (!seen.has(n.id) && !n.read && n.type === 'TRANSACTION' && !found) found = n;
    seen.add(n.id);
  }
  return found;
}

/** A limit order filled while the user is looking (the notification arrived live): say so. */
export function FillToast({ user }: { user: User }) {
  const seen = useRef<Set<string> | null>(null);
  const [shown, setShown] = useState<Notification | null>(null);
  const navigate = useNavigate();
  // Phones: under the header, not at the bottom where the asset page's Trade bar and the bottom
  // navigation are (a toast there covered the Trade button right after a trade).
  const isMobile = useIsMobile();
  useEffect(() => {
    // What was there when the shell appeared is old news; only later arrivals are announced.
    if (!seen.current) {
      seen.current = new Set(user.notifications.map((n) => n.id));
      return;
    }
    const fresh = newFillNotification(seen.current, user.notifications);
    if (fresh) setShown(fresh);
  }, [user.notifications]);
  const close = () => setShown(null);
  const url = shown?.url ?? '';
  const internal = url.startsWith('/') && !url.startsWith('//');
  return (
    <Snackbar
      open={shown !== null}
      autoHideDuration={8000}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: isMobile ? 'top' : 'bottom', horizontal: 'center' }}
      sx={isMobile ? { top: 64 } : { bottom: 24 }}
    >
      <Alert
        severity="success"
        variant="filled"
        onClose={close}
        action={
          internal ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                close();
                void navigate(url);
              }}
            >
              View
            </Button>
          ) : undefined
        }
      >
        {shown?.text}
      </Alert>
    </Snackbar>
  );
}
