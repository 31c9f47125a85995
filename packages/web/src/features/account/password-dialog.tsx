import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';

/**
 * A dialog form that asks for the current password again (docs/product.md, Accounts and access) before a sensitive change.
 * `children` are the extra fields; `onConfirm` rejects with the message to show.
 */
export function PasswordDialog({
  title,
  confirmLabel,
  danger,
  open,
  onClose,
  onConfirm,
  children,
  intro,
}: {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  open: boolean;
  onClose: () => void;
  onConfirm: (currentPassword: string) => Promise<void>;
  children?: ReactNode;
  intro?: ReactNode;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      await onConfirm(password);
      setPassword('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {intro}
            {/* Who you are first, then what changes: the order password managers and people expect. */}
            <TextField
              label="Current password"
              type="password"
              value={password}
              required
              autoComplete="current-password"
              onChange={(e) => setPassword(e.target.value)}
            />
            {children}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            color={danger ? 'error' : 'primary'}
            disabled={busy || password === ''}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
