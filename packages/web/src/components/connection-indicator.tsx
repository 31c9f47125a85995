import { Box, Tooltip, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useConnectionState } from '../lib/connection-state.ts';

const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/**
 * Whether the prices on screen are live: a green dot "Live", amber "Reconnecting…" while the socket
 * is retried and polling carries prices, grey "Prices as of 20:25:13" once they stop coming; then
 * every price tagged data-price is greyed (theme.ts), so nobody trades on a number that froze.
 * Phones show the dot alone; its name says the rest.
 */
export function ConnectionIndicator() {
  const connection = useConnectionState();
  const stale = connection.state === 'stale';
  useEffect(() => {
    document.documentElement.dataset.pricesStale = String(stale);
    return () => {
      delete document.documentElement.dataset.pricesStale;
    };
  }, [stale]);
  const text =
    connection.state === 'live'
      ? 'Live'
      : connection.state === 'reconnecting'
        ? 'Reconnecting…'
        : `Prices as of ${time.format(connection.pricesAt)}`;
  const color =
    connection.state === 'live'
      ? 'success.main'
      : connection.state === 'reconnecting'
        ? 'warning.main'
        : 'text.disabled';
  return (
    <Tooltip title={connection.state === 'live' ? 'Prices update live' : text}>
      <Box
        role="status"
        aria-label={`Connection: ${text}`}
        tabIndex={0}
        sx={{ display: 'flex', alignItems: 'center', gap: 0.75, px: 0.5, flexShrink: 0 }}
      >
        <Box
          aria-hidden
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color, flexShrink: 0 }}
        />
        <Typography
          variant="caption"
          color="text.secondary"
          noWrap
          sx={{ display: { xs: 'none', sm: 'block' } }}
        >
          {text}
        </Typography>
      </Box>
    </Tooltip>
  );
}
