import Close from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Snackbar } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageToastPlacement } from '../../lib/toast-placement.ts';
import { useModifyLimitPosition } from '../trading/api/modify-limit-position.ts';
import { dropProblem, movedText, moveRequest, undoneText } from './line-drag.ts';
import type { ChartLine, LineDrag } from './order-lines.ts';

interface Toast {
  /** Tells one toast from the next, so each starts its own time. */
  key: number;
  severity: 'success' | 'error';
  text: string;
  /** After a move: the price Undo puts back. */
  undo?: { drag: LineDrag; price: number };
}

/**
 * What a dropped order line does: checks the drop (line-drag.ts dropProblem), changes
 * the order with PUT /limit-position as the Modify dialog does, and says so in a toast whose Undo
 * puts the earlier price back with another PUT. A refusal, the browser's or the server's (400,
 * 409), says why in the toast and changes nothing: `move` answers false and the line goes back.
 */
export function useOrderMove(wallet: string | undefined, market: number) {
  const modify = useModifyLimitPosition();
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);
  const say = (next: Omit<Toast, 'key'>) => {
    setToast({ ...next, key: Date.now() });
    setOpen(true);
  };

  async function move(line: ChartLine, price: number): Promise<boolean> {
    const drag = line.drag;
    if (!drag || !wallet) return false;
    const problem = dropProblem(drag, price, market);
    if (problem) {
      say({ severity: 'error', text: `${drag.name} not moved. ${problem}` });
      return false;
    }
    try {
      await modify.mutateAsync(moveRequest(drag, wallet, price));
      say({ severity: 'success', text: movedText(drag, price), undo: { drag, price: line.price } });
      return true;
    } catch (error) {
      say({ severity: 'error', text: `${drag.name} not moved. ${errorMessage(error)}` });
      return false;
    }
  }

  async function undo(back: { drag: LineDrag; price: number }) {
    if (!wallet) return;
    setOpen(false);
    try {
      await modify.mutateAsync(moveRequest(back.drag, wallet, back.price));
      say({ severity: 'success', text: undoneText(back.drag, back.price) });
    } catch (error) {
      say({ severity: 'error', text: `Could not undo. ${errorMessage(error)}` });
    }
  }

  const close = () => setOpen(false);
  const back = toast?.undo;
  const placement = usePageToastPlacement();
  const element = (
    <Snackbar
      key={toast?.key}
      open={open}
      autoHideDuration={back ? 10_000 : 6000}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      {...placement}
    >
      {toast ? (
        <Alert
          severity={toast.severity}
          variant="filled"
          action={
            <>
              {back && (
                <Button
                  color="inherit"
                  size="small"
                  disabled={modify.isPending}
                  onClick={() => void undo(back)}
                >
                  Undo
                </Button>
              )}
              <IconButton color="inherit" size="small" aria-label="Close" onClick={close}>
                <Close fontSize="small" />
              </IconButton>
            </>
          }
        >
          {toast.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
  return { move, toast: element };
}
