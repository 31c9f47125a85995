import type { User } from '@papertrade/domain';
import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { useTotpDisable } from './api/totp-disable.ts';
import { useTotpEnable } from './api/totp-enable.ts';
import { useTotpSetup } from './api/totp-setup.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { TotpQrCode } from './totp-qr-code.tsx';

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** Two-factor authentication (TOTP): set up with the password, confirm a code, recovery codes once; or turn off. */
export function TwoFactorCard({ user }: { user: User }) {
  const setup = useTotpSetup(user.walletAddress);
  const enable = useTotpEnable(user.walletAddress);
  const disable = useTotpDisable(user.walletAddress);
  const [open, setOpen] = useState<'setup' | 'disable' | null>(null);
  const [pending, setPending] = useState<{ secret: string; otpauthUrl: string }>();
  const [code, setCode] = useState('');
  const [disableCode, setDisableCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [copied, setCopied] = useState(false);
  const [done, setDone] = useState<string>();

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(
      { code: code.trim() },
      {
        onSuccess: ({ recoveryCodes: codes }) => {
          setPending(undefined);
          setCode('');
          setRecoveryCodes(codes);
        },
      },
    );
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby="two-factor-heading"
    >
      <Typography id="two-factor-heading" component="h2" variant="h6" fontWeight={700} gutterBottom>
        Two-factor authentication
      </Typography>
      <Typography>
        {user.twoFactorEnabled
          ? 'On: logging in asks for a code from your authenticator app.'
          : 'Off: logging in needs only your password.'}
      </Typography>
      {done && (
        <Alert severity="success" sx={{ my: 1 }}>
          {done}
        </Alert>
      )}
      {recoveryCodes && (
        <Alert severity="warning" sx={{ my: 1 }} aria-labelledby="recovery-heading">
          <Typography id="recovery-heading" fontWeight={700}>
            Your recovery codes
          </Typography>
          <Typography variant="body2">
            Keep them somewhere safe. Each works once instead of a code. They are shown only now.
          </Typography>
          <Box component="ul" aria-label="Recovery codes" sx={{ ...mono, pl: 2, my: 1 }}>
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              size="small"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(recoveryCodes.join('\n'))
                  .then(() => setCopied(true))
                  .catch(() => setCopied(false))
              }
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
            <Button size="small" onClick={() => setRecoveryCodes(undefined)}>
              I saved them
            </Button>
          </Stack>
        </Alert>
      )}
      {pending && !user.twoFactorEnabled && (
        <Box component="form" onSubmit={confirm} noValidate sx={{ mt: 1 }}>
          <Stack spacing={1.5}>
            <Typography>
              Scan this code with your authenticator app, or add the key below to it (or open the
              link on the phone that has it), then enter the 6-digit code it shows.
            </Typography>
            <TotpQrCode otpauthUrl={pending.otpauthUrl} />
            <Typography component="div">
              Key:{' '}
              <Box component="code" data-testid="totp-secret" sx={mono}>
                {pending.secret}
              </Box>
            </Typography>
            <Link href={pending.otpauthUrl} sx={mono}>
              {pending.otpauthUrl}
            </Link>
            <TextField
              label="Code from the app"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
            />
            {enable.error && <Alert severity="error">{errorMessage(enable.error)}</Alert>}
            <Stack direction="row" spacing={1}>
              <Button
                type="submit"
                variant="contained"
                disabled={enable.isPending || code.trim().length !== 6}
              >
                Turn on
              </Button>
              <Button onClick={() => setPending(undefined)}>Cancel</Button>
            </Stack>
          </Stack>
        </Box>
      )}
      {!pending && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
          {user.twoFactorEnabled ? (
            <Button variant="outlined" onClick={() => setOpen('disable')}>
              Turn off two-factor
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => setOpen('setup')}>
              Set up two-factor
            </Button>
          )}
        </Stack>
      )}
      <PasswordDialog
        title="Set up two-factor authentication"
        confirmLabel="Continue"
        open={open === 'setup'}
        onClose={() => setOpen(null)}
        onConfirm={async (currentPassword) => {
          setPending(await setup.mutateAsync({ currentPassword }));
          setDone(undefined);
          setOpen(null);
        }}
      />
      <PasswordDialog
        title="Turn off two-factor authentication"
        confirmLabel="Turn off"
        danger
        open={open === 'disable'}
        onClose={() => setOpen(null)}
        onConfirm={async (currentPassword) => {
          await disable.mutateAsync({ currentPassword, code: disableCode.trim() });
          setDisableCode('');
          setOpen(null);
          setDone('Two-factor authentication is off.');
        }}
      >
        <TextField
          label="Authentication code or recovery code"
          value={disableCode}
          onChange={(e) => setDisableCode(e.target.value)}
          autoComplete="one-time-code"
        />
      </PasswordDialog>
    </Paper>
  );
}
