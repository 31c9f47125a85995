import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/api/get-session.ts';
import { useVerifyEmail } from './api/verify-email.ts';
import { AuthCard } from './components/auth-card.tsx';

/** The link mailed at sign-up (and after an e-mail change) lands here: /verify-email?token=... */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const { data: user } = useSession();
  const started = useRef(false);

  useEffect(() => {
    // Tokens are single-use: send it exactly once, even when effects run twice in development.
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next = user
    ? { to: '/home', label: 'Go to your portfolio' }
    : { to: '/login', label: 'Log in' };
  return (
    <AuthCard title="Verify e-mail">
      {!token && (
        <Alert severity="error">
          This verification link is incomplete. Open the link from the e-mail again.
        </Alert>
      )}
      {token && (verify.isIdle || verify.isPending) && (
        <Stack direction="row" spacing={2} alignItems="center">
          <CircularProgress size={24} aria-label="Verifying" />
          <Typography>Verifying your e-mail address…</Typography>
        </Stack>
      )}
      {verify.isSuccess && (
        <Alert severity="success">
          Your e-mail address {verify.data.email} is verified. Thank you!
        </Alert>
      )}
      {verify.error && <Alert severity="error">{errorMessage(verify.error)}</Alert>}
      {(verify.isSuccess || verify.isError || !token) && (
        <Button component={RouterLink} to={next.to} variant="contained">
          {next.label}
        </Button>
      )}
    </AuthCard>
  );
}
