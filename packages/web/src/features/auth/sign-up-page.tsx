import { AccountType, SignUpBody, STARTING_BALANCE_USD, formatUsd } from '@papertrade/domain';
import { Alert, Button, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { withNext } from '../../lib/safe-next.ts';
import { useSignUp } from './api/sign-up.ts';
import { AuthCard } from './components/auth-card.tsx';
import { serverFieldError, validate, type FieldErrors } from './components/field-errors.ts';
import { InviteNote, useNextPath } from './components/use-next.tsx';

const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  PERSONAL: 'Personal',
  DEMO: 'Demo',
  STUDENT: 'Student',
  TEACHER: 'Teacher',
};

export default function SignUpPage() {
  const signUp = useSignUp();
  // On success the session holds the user and the logged-out-only guard moves on to `next` or /home.
  const next = useNextPath();
  const [form, setForm] = useState({
    email: '',
    username: '',
    password: '',
    accountType: 'PERSONAL' as AccountType,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: found } = validate(SignUpBody, form);
    setErrors(found);
    if (!data) return;
    signUp.mutate(
      { ...data, accountType: data.accountType ?? 'PERSONAL' },
      { onError: (error) => setErrors(serverFieldError(error)) },
    );
  };

  const field = (key: 'email' | 'username' | 'password', hint?: string) => ({
    value: form[key],
    onChange: set(key),
    error: Boolean(errors[key]),
    helperText: errors[key] ?? hint,
  });

  return (
    <AuthCard
      title="Sign up"
      subtitle={`Open a paper-trading account with ${formatUsd(STARTING_BALANCE_USD, 0)} in demo money.`}
      onSubmit={submit}
    >
      <InviteNote next={next} />
      {signUp.error && <Alert severity="error">{errorMessage(signUp.error)}</Alert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        autoFocus
        {...field('email')}
      />
      <TextField
        label="Username"
        autoComplete="username"
        required
        {...field('username', '3 to 20 letters, digits, _ or .')}
        slotProps={{ htmlInput: { maxLength: 20 } }}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        {...field('password', 'At least 8 characters')}
        slotProps={{ htmlInput: { maxLength: 128 } }}
      />
      <TextField
        select
        label="Account type"
        value={form.accountType}
        onChange={set('accountType')}
        slotProps={{ select: { native: true } }}
      >
        {AccountType.options.map((type) => (
          <option key={type} value={type}>
            {ACCOUNT_TYPE_LABELS[type]}
          </option>
        ))}
      </TextField>
      <Button type="submit" variant="contained" size="large" disabled={signUp.isPending}>
        Sign up
      </Button>
      <Typography variant="body2">
        Already have an account?{' '}
        <Link component={RouterLink} to={withNext('/login', next)}>
          Log in
        </Link>
      </Typography>
    </AuthCard>
  );
}
