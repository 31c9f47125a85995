import { Password } from '@papertrade/domain';
import { Alert, Button, Link, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { useResetPassword } from './api/reset-password.ts';
import { AuthCard } from './components/auth-card.tsx';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <Alert severity="error">This reset link is incomplete. Ask for a new one.</Alert>
        <Button component={RouterLink} to="/forgot-password" variant="contained">
          Ask for a new link
        </Button>
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard title="Reset password">
        <Alert severity="success">
          Your password has been changed. Log in with your new password.
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          Log in
        </Button>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = Password.safeParse(password);
    setInvalid(checked.success ? null : (checked.error.issues[0]?.message ?? 'Invalid password'));
    if (checked.success) reset.mutate({ token, password });
  };

  return (
    <AuthCard
      title="Reset password"
      subtitle="Choose a new password for your account."
      onSubmit={submit}
    >
      {reset.error && <Alert severity="error">{errorMessage(reset.error)}</Alert>}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={invalid !== null}
        helperText={invalid ?? 'At least 8 characters'}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 128 } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
        Set new password
      </Button>
      <Link component={RouterLink} to="/forgot-password">
        Ask for a new link
      </Link>
    </AuthCard>
  );
}
