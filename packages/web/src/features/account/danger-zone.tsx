import {
  formatUsd,
  ResetUserBody,
  STARTING_BALANCE_CHOICES,
  STARTING_BALANCE_MAX,
  STARTING_BALANCE_MIN,
  STARTING_BALANCE_USD,
  type User,
} from '@papertrade/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { ACCOUNT_DELETED_PARAM } from '../../lib/account-deleted.ts';
import { useDeleteUser } from './api/delete-user.ts';
import { useResetUser } from './api/reset-user.ts';
import { PasswordDialog } from './password-dialog.tsx';

function ResetDialog({
  user,
  onClose,
  onDone,
}: {
  user: User;
  onClose: () => void;
  onDone: (n: number) => void;
}) {
  const reset = useResetUser(user.walletAddress, user.username);
  const [choice, setChoice] = useState(String(STARTING_BALANCE_USD));
  const [custom, setCustom] = useState('');
  const amount = choice === 'custom' ? Number(custom) : Number(choice);
  // The request schema's own checks (range, and a dollar amount to the cent), before sending.
  const checked = ResetUserBody.safeParse({
    walletAddress: user.walletAddress,
    startingBalance: amount,
  });
  const valid = checked.success;
  const problem = custom !== '' && !checked.success ? checked.error.issues[0]?.message : undefined;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Reset account</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Your holdings and working orders are cleared and your cash becomes the starting balance.
          Your past transactions stay viewable as archived history.
        </DialogContentText>
        <FormControl>
          <FormLabel id="start-label">Starting balance</FormLabel>
          <RadioGroup
            aria-labelledby="start-label"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            {STARTING_BALANCE_CHOICES.map((n) => (
              <FormControlLabel
                key={n}
                value={String(n)}
                control={<Radio />}
                label={formatUsd(n, 0)}
              />
            ))}
            <FormControlLabel value="custom" control={<Radio />} label="Custom amount" />
          </RadioGroup>
        </FormControl>
        {choice === 'custom' && (
          <TextField
            label="Custom starting balance"
            value={custom}
            onChange={(e) => setCustom(e.target.value.replace(/[^\d.]/g, ''))}
            error={problem !== undefined}
            helperText={
              problem ??
              `From ${formatUsd(STARTING_BALANCE_MIN, 0)} to ${formatUsd(STARTING_BALANCE_MAX, 0)}`
            }
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            fullWidth
            sx={{ mt: 1 }}
          />
        )}
        {reset.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(reset.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!valid || reset.isPending}
          onClick={() => reset.mutate(amount, { onSuccess: () => onDone(amount) })}
        >
          Confirm reset
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Reset (archive and start over) and delete (gone for good). */
export function DangerZone({ user }: { user: User }) {
  const remove = useDeleteUser(user.walletAddress);
  const [open, setOpen] = useState<'reset' | 'delete' | null>(null);
  const [resetTo, setResetTo] = useState<number>();
  // A contest portfolio cannot be reset (everyone in it plays with the same money): no button
  // that could only be refused.
  const inContest = user.portfolio?.kind === 'CONTEST';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="danger-heading">
      <Typography id="danger-heading" component="h2" variant="h6" fontWeight={700} gutterBottom>
        Start over or leave
      </Typography>
      {resetTo !== undefined && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Your account was reset to {formatUsd(resetTo)}. Your earlier trades are in{' '}
          <Link component={RouterLink} to="/all-transactions?archived=true">
            archived history
          </Link>
          .
        </Alert>
      )}
      {inContest && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          You are looking at a contest portfolio, which cannot be reset: everyone in a contest plays
          with the same starting money. Switch to your main portfolio in the header to reset it.
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {!inContest && (
          <Button variant="outlined" onClick={() => setOpen('reset')}>
            Reset account
          </Button>
        )}
        <Button variant="outlined" color="error" onClick={() => setOpen('delete')}>
          Delete account
        </Button>
      </Stack>
      {open === 'reset' && (
        <ResetDialog
          user={user}
          onClose={() => setOpen(null)}
          onDone={(n) => {
            setOpen(null);
            setResetTo(n);
          }}
        />
      )}
      <PasswordDialog
        title="Delete account"
        confirmLabel="Delete my account"
        danger
        open={open === 'delete'}
        onClose={() => setOpen(null)}
        intro={
          <DialogContentText>
            This deletes your account, your history and your uploads for good. It cannot be undone.
          </DialogContentText>
        }
        onConfirm={async (password) => {
          await remove.mutateAsync(password);
          // A full load of the landing page (which then says the account is gone): the live socket closing or a session refetch may
          // already have sent this screen to /login, and no trace of the account must remain.
          remove.forget();
          window.location.replace(`/?${ACCOUNT_DELETED_PARAM}`);
        }}
      />
    </Paper>
  );
}
