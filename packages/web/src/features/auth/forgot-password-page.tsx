import { Alert, Button, Link, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { useForgotPassword } from './api/forgot-password.ts';
import { AuthCard } from './components/auth-card.tsx';

/** The answer never tells whether the e-mail has an account. */
export const FORGOT_PASSWORD_SENT =
  'If an account exists for that e-mail, we sent a link to reset the password.';

export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!email.trim());
    if (email.trim()) forgot.mutate(email.trim());
  };

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter your e-mail and we will send you a link to choose a new password."
      onSubmit={submit}
    >
      {forgot.isSuccess && <Alert severity="success">{FORGOT_PASSWORD_SENT}</Alert>}
      {forgot.error && <Alert severity="error">{errorMessage(forgot.error)}</Alert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={missing}
        helperText={missing ? 'Enter your e-mail address' : undefined}
        required
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" disabled={forgot.isPending}>
        Send reset link
      </Button>
      <Link component={RouterLink} to="/login">
        Back to log in
      </Link>
    </AuthCard>
  );
}
