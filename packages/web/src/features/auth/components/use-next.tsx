import { Alert } from '@mui/material';
import { useSearchParams } from 'react-router';
import { safeNextPath } from '../../../lib/safe-next.ts';

/**
 * The page a visitor is on their way to (`?next=`, lib/safe-next.ts), so the links between
 * /login and /sign-up keep it and the guard can go there once they are in.
 */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  return safeNextPath(params.get('next'));
}

/** Tells a visitor who came with an invitation that it is kept for them. */
export function InviteNote({ next }: { next: string | null }) {
  if (!next?.startsWith('/join/')) return null;
  return (
    <Alert severity="info">
      You have an invitation to a contest or class. Once you are in, you come back to it to join.
    </Alert>
  );
}
