import type { Notification, User } from '@papertrade/domain';
import Close from '@mui/icons-material/Close';
import { Alert, Box, Button, IconButton, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useIsMobile, useIsTabletDown } from '../../lib/breakpoints.ts';

/**
 * A price alert's notification is INFORMATIVE, as the contract has it, and the only one that links
 * to an asset's page (docs/api.md, Price alerts); other informative news (a welcome, a reset, an
 * order expired) links elsewhere and is not announced.
 */
export const isPriceAlert = (n: Pick<Notification, 'type' | 'url'>) =>
  n.type === 'INFORMATIVE' && n.url.startsWith('/asset?');

/** The news the market brings while the user looks: a fill, a price alert firing. */
const announced = (n: Notification) => n.type === 'TRANSACTION' || isPriceAlert(n);

/** At most this many toasts at once; later ones wait for a place, so none is lost. */
export const MAX_SHOWN_TOASTS = 3;

/**
 * How long a toast stays, unless the pointer or the keyboard is on it. Shorter on a phone, where
 * even at the bottom a toast takes a larger part of the screen; every toast can be closed at
 * once, and the same text stays in the notification list.
 */
const SHOWN_MS = { desktop: 8000, phone: 5000 } as const;

/**
 * Every fill and price alert notification that is unread and was not in the previous list, oldest
 * first (the list is newest first), so two fills of one tick are announced in the order they
 * happened; `seen` is updated with every id of `notifications`.
 */
export function newLiveNotices(
  seen: Set<string>,
  notifications: readonly Notification[],
): Notification[] {
  const found: Notification[] = [];
  for (const n of notifications) {
    if (!seen.has(n.id) && !n.read && announced(n)) found.push(n);
    seen.add(n.id);
  }
  return found.reverse();
}

/**
 * A fill or an alert arrived live while the user is looking (the notification came over /live):
 * say so, one toast each, stacked. Desktop: bottom centre, on a tablet above the asset page's
 * Trade bar. Phone: at the bottom above the bottom navigation and the Trade bar (as
 * lib/toast-placement.ts), where it covers neither the header's menus nor the chart's range
 * buttons; at the top it covered both.
 */
export function FillToast({ user, known }: { user: User; known: ReadonlySet<string> }) {
  // What was there when the shell first rendered (`known`, taken by the shell, since this toast
  // mounts a moment later and a fill may come in between) is old news; later arrivals are news.
  const seen = useRef<Set<string> | null>(null);
  seen.current ??= new Set(known);
  const [queue, setQueue] = useState<Notification[]>([]);
  const isMobile = useIsMobile();
  // A tablet (or a zoomed desktop) has the asset page's Trade bar at the very bottom: stay above it.
  const isTabletDown = useIsTabletDown();
  useEffect(() => {
    const fresh = newLiveNotices(seen.current ?? new Set(known), user.notifications);
    if (fresh.length) setQueue((q) => [...q, ...fresh]);
  }, [user.notifications, known]);
  const dismiss = (id: string) => setQueue((q) => q.filter((n) => n.id !== id));
  if (!queue.length) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        left: isMobile ? 8 : '50%',
        right: isMobile ? 8 : 'auto',
        transform: isMobile ? 'none' : 'translateX(-50%)',
        bottom: isMobile ? 136 : isTabletDown ? 88 : 24,
        width: isMobile ? 'auto' : 'min(600px, calc(100vw - 48px))',
        // Only the toasts take clicks: the gap around them leaves the page usable.
        pointerEvents: 'none',
      }}
    >
      {/* Newest at the bottom, nearest where the eye already is; each toast announces itself. */}
      <Stack spacing={1}>
        {queue.slice(0, MAX_SHOWN_TOASTS).map((n) => (
          <LiveNoticeToast
            key={n.id}
            notice={n}
            shownMs={isMobile ? SHOWN_MS.phone : SHOWN_MS.desktop}
            onClose={() => dismiss(n.id)}
          />
        ))}
      </Stack>
    </Box>
  );
}

function LiveNoticeToast({
  notice,
  shownMs,
  onClose,
}: {
  notice: Notification;
  shownMs: number;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  // Held open while the pointer or the focus is on it, so it can be read and acted on.
  const [held, setHeld] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => close.current(), shownMs);
    return () => clearTimeout(timer);
  }, [held, shownMs]);
  const url = notice.url;
  const internal = url.startsWith('/') && !url.startsWith('//');
  return (
    <Alert
      severity={isPriceAlert(notice) ? 'info' : 'success'}
      variant="filled"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
      sx={{ pointerEvents: 'auto', boxShadow: 6 }}
      action={
        // Alert shows its own close button only without an action: both, so it can always be closed.
        <>
          {internal && (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                onClose();
                void navigate(url);
              }}
            >
              View
            </Button>
          )}
          <IconButton color="inherit" size="small" aria-label="Close" onClick={onClose}>
            <Close fontSize="small" />
          </IconButton>
        </>
      }
    >
      {notice.text}
    </Alert>
  );
}
