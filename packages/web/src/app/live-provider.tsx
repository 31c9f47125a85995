import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';

// The session query's key (lib/api/get-session.ts), spelled out so the landing page's
// chunk does not carry the session schemas; the socket code loads only once someone signs in.
const SESSION_KEY = ['session'];

function useSignedInUserId(): string | null {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryData<{ id: string } | null>(SESSION_KEY)?.id ?? null,
  );
}

/** Opens GET /live while someone is signed in; closes it on logout or a change of user. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./live-connection.ts').then(({ startLive }) => {
      if (cancelled) return;
      const connection = startLive(queryClient);
      stop = () => connection.close();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, userId]);
  return children;
}
