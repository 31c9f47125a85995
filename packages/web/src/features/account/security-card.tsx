import { Email, Password, type User } from '@papertrade/domain';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useChangeEmail, useChangePassword } from './api/change-credentials.ts';
import { PasswordDialog } from './password-dialog.tsx';

function check(schema: typeof Email, value: string) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid value');
}

/** Change e-mail and change password, each re-asking the current password. */
export function SecurityCard({ user }: { user: User }) {
  const changeEmail = useChangeEmail(user.walletAddress);
  const changePassword = useChangePassword(user.walletAddress);
  const [open, setOpen] = useState<'email' | 'password' | null>(null);
  const [newEmail, setNewEmail] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [done, setDone] = useState<string>();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="security-heading">
      <Typography id="security-heading" component="h2" variant="h6" fontWeight={700} gutterBottom>
        E-mail and password
      </Typography>
      <Typography sx={{ wordBreak: 'break-word' }}>
        {user.email} {user.emailVerified ? '(verified)' : '(not verified yet)'}
      </Typography>
      {done && (
        <Alert severity="success" sx={{ my: 1 }}>
          {done}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => setOpen('email')}>
          Change e-mail
        </Button>
        <Button variant="outlined" onClick={() => setOpen('password')}>
          Change password
        </Button>
      </Stack>
      <PasswordDialog
        title="Change e-mail"
        confirmLabel="Change e-mail"
        open={open === 'email'}
        onClose={() => setOpen(null)}
        onConfirm={async (currentPassword) => {
          check(Email, newEmail);
          await changeEmail.mutateAsync({ currentPassword, newEmail: newEmail.trim() });
          setOpen(null);
          setDone(
            `We sent a verification link to ${newEmail.trim()}. Open it to verify the new address.`,
          );
          setNewEmail('');
        }}
      >
        <TextField
          label="New e-mail"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
        />
      </PasswordDialog>
      <PasswordDialog
        title="Change password"
        confirmLabel="Change password"
        open={open === 'password'}
        onClose={() => setOpen(null)}
        onConfirm={async (currentPassword) => {
          check(Password, newPassword);
          await changePassword.mutateAsync({ currentPassword, newPassword });
          setOpen(null);
          setDone('Your password was changed. Use the new one next time you log in.');
          setNewPassword('');
        }}
      >
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          helperText="At least 8 characters."
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
      </PasswordDialog>
    </Paper>
  );
}
