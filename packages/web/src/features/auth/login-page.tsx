import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { withNext } from '../../lib/safe-next.ts';
import { useLogin } from './api/login.ts';
import { AuthCard } from './components/auth-card.tsx';
import type { FieldErrors } from './components/field-errors.ts';
import { InviteNote, useNextPath } from './components/use-next.tsx';

export default function LoginPage() {
  const login = useLogin();
  const next = useNextPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const errorCode = login.error instanceof ApiError ? login.error.code : undefined;
  // Shown once the server asked for it, and kept for the following tries.
  const [askTotp, setAskTotp] = useState(false);
  if (!askTotp && (errorCode === 'TOTP_REQUIRED' || errorCode === 'INVALID_TOTP')) setAskTotp(true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    if (!email.trim()) next.email = 'Enter your e-mail address';
    if (!password) next.password = 'Enter your password';
    if (askTotp && !totp.trim()) next.totp = 'Enter the code from your authenticator app';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    // On success the session holds the user and the logged-out-only guard moves on to `next` or /home.
    login.mutate({ email: email.trim(), password, ...(askTotp ? { totp: totp.trim() } : {}) });
  };

  return (
    <AuthCard title="Log in" subtitle="Welcome back. Your portfolio is waiting." onSubmit={submit}>
      <InviteNote next={next} />
      {login.error && (
        <Alert severity={errorCode === 'TOTP_REQUIRED' ? 'info' : 'error'}>
          {errorMessage(login.error)}
        </Alert>
      )}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email}
        required
        autoFocus
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
        required
        slotProps={{ htmlInput: { maxLength: 128 } }}
      />
      {askTotp && (
        <TextField
          label="Authentication code"
          autoComplete="one-time-code"
          value={totp}
          onChange={(e) => setTotp(e.target.value)}
          error={Boolean(errors.totp)}
          helperText={
            errors.totp ?? 'The 6-digit code from your authenticator app, or a recovery code'
          }
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 32, autoCapitalize: 'none', spellCheck: false } }}
        />
      )}
      <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
        Log in
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/forgot-password">
          Forgot password?
        </Link>
        <Link component={RouterLink} to={withNext('/sign-up', next)}>
          Create an account
        </Link>
      </Box>
    </AuthCard>
  );
}
