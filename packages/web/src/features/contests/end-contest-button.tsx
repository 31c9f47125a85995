import type { Contest } from '@papertrade/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { useUpdateContest } from './api/update-contest.ts';

/** End now (PATCH {end: true}), after a confirmation: it cannot be undone. */
export function EndContestButton({ contest, wallet }: { contest: Contest; wallet: string }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateContest(contest.id, wallet);
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        End now
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="end-contest-title">
        <DialogTitle id="end-contest-title">End {contest.name} now?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Trading stops for everyone, working orders are cancelled and the board is frozen as it
            stands. This cannot be undone.
          </DialogContentText>
          {update.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(update.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Keep it running</Button>
          <Button
            color="error"
            variant="contained"
            disabled={update.isPending}
            onClick={() => update.mutate({ end: true }, { onSuccess: () => setOpen(false) })}
          >
            End contest
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
