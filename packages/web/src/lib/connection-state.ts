import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { allAssetsQueryKey } from './api/get-all-assets.ts';
import { liveStatus } from './live-socket.ts';
import { ASSET_POLL_INTERVAL_MS } from './ui-constants.ts';

/** Prices older than three missed polls are stale: shown greyed, with the time they are from. */
export const STALE_AFTER_MS = 3 * ASSET_POLL_INTERVAL_MS;

export type ConnectionState =
  | { state: 'live' }
  /** The socket is down and being retried; prices still arrive by polling. */
  | { state: 'reconnecting' }
  /** Neither socket nor polling has brought prices for a while: they are from `pricesAt`. */
  | { state: 'stale'; pricesAt: number };

/** What the connection indicator shows: the socket's state and the age of the prices on screen. */
export function connectionState(
  open: boolean,
  pricesAt: number | undefined,
  now: number,
): ConnectionState {
  if (open) return { state: 'live' };
  if (pricesAt !== undefined && now - pricesAt > STALE_AFTER_MS)
    return { state: 'stale', pricesAt };
  return { state: 'reconnecting' };
}

export function useConnectionState(): ConnectionState {
  const queryClient = useQueryClient();
  const open = useSyncExternalStore(
    (onChange) => liveStatus.subscribe(onChange),
    () => liveStatus.isOpen(),
  );
  const pricesAt = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryState(allAssetsQueryKey)?.dataUpdatedAt || undefined,
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (open) return;
    // While the socket is down, look again every second whether the prices have gone stale.
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open]);
  return connectionState(open, pricesAt, open ? Date.now() : now);
}
