import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/api/get-session.ts';
import { useLogout } from './api/logout.ts';
import { AuthCard } from './components/auth-card.tsx';

/** /logout: POST /auth/logout, then /login (docs/pages.md, Log out). */
export default function LogoutPage() {
  const logout = useLogout();
  const navigate = useNavigate();
  const { data: user } = useSession();
  const started = useRef(false);
  const wallet = user?.walletAddress;
  const run = useCallback(() => {
    logout.mutate(wallet, { onSuccess: () => void navigate('/login', { replace: true }) });
  }, [logout, wallet, navigate]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  return (
    <AuthCard title="Log out">
      {logout.error ? (
        <>
          <Alert severity="error">{errorMessage(logout.error)}</Alert>
          <Button variant="contained" onClick={run}>
            Try again
          </Button>
        </>
      ) : (
        <Stack direction="row" spacing={2} alignItems="center">
          <CircularProgress size={24} aria-label="Signing out" />
          <Typography>Signing you out…</Typography>
        </Stack>
      )}
    </AuthCard>
  );
}
