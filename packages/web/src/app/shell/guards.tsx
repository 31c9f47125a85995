/**
 * Route guards (docs/pages.md, Routes). Until GET /auth/session has answered they render nothing; a visitor
 * on a signed-in route goes to /login?next=<that page>, a signed-in user on a logged-out-only route
 * to its safe `next` (lib/safe-next.ts) or /home. `next` is in the address rather than in history
 * state so that it survives the step from /login to /sign-up, and a reload.
 */
import { Alert, Box, Button } from '@mui/material';
import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../lib/api/get-session.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { safeNextPath, withNext } from '../../lib/safe-next.ts';

function SessionUnavailable({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Box sx={{ p: 3, maxWidth: 560, mx: 'auto', mt: 8 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" variant="outlined" size="small" onClick={retry}>
            Retry
          </Button>
        }
      >
        {errorMessage(error)}
      </Alert>
    </Box>
  );
}

export function RequireUser() {
  const session = useSession();
  const location = useLocation();
  // The session's answer arrives as an urgent update; rendering the whole signed-in screen in it
  // would be one long task. The deferred copy renders it in a transition, in slices. Both must
  // name a user, so a logout never renders the pages (whose useUser needs one) for a moment.
  const deferredUser = useDeferredValue(session.data);
  if (session.isPending) return null;
  if (session.data) return deferredUser ? <Outlet /> : null;
  if (session.isError)
    return <SessionUnavailable error={session.error} retry={() => void session.refetch()} />;
  // Coming back after login is useful, except to /logout, which would sign straight out again.
  const from = location.pathname === '/logout' ? undefined : location.pathname + location.search;
  return <Navigate to={withNext('/login', from)} replace />;
}

export function RequireGuest() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.isPending) return null;
  if (session.data) return <Navigate to={safeNextPath(params.get('next')) ?? '/home'} replace />;
  if (session.isError)
    return <SessionUnavailable error={session.error} retry={() => void session.refetch()} />;
  return <Outlet />;
}

/** Renders `signedIn` when there is a user, else `visitor` (docs/pages.md, Routes: /user, /preview, /icons). */
export function SessionSwitch({
  signedIn,
  visitor,
}: {
  signedIn: React.ReactNode;
  visitor: React.ReactNode;
}) {
  const session = useSession();
  if (session.isPending) return null;
  return <>{session.data ? signedIn : visitor}</>;
}
