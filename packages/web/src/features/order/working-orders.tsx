import type { LimitPosition, User } from '@papertrade/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useCancelLimitPosition } from '../trading/api/cancel-limit-position.ts';
import { buttonColumn } from '../../components/data-table.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { orderName, reservedText } from './order-format.ts';
import { OrderTable, placedColumn } from './order-table.tsx';
import { isWorkingOrder, workingStatusText } from '../../lib/order-status.ts';

/** Orders waiting for their price, each with a Cancel that asks first. */
export function WorkingOrders({ user }: { user: User }) {
  const working = user.limitPositions.filter((p) => isWorkingOrder(p));
  const cancel = useCancelLimitPosition();
  const [asking, setAsking] = useState<LimitPosition | null>(null);
  const confirm = () => {
    if (!asking) return;
    cancel.mutate(
      { positionId: asking.positionId, walletAddress: user.walletAddress },
      { onSettled: () => setAsking(null) },
    );
  };
  return (
    <>
      {cancel.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(cancel.error)}
        </Alert>
      )}
      {working.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No working orders. Choose Limit in the trade panel to place one.
        </Typography>
      ) : (
        <OrderTable
          label="Working orders"
          orders={working}
          amountHeader="Reserved"
          more={[
            // A partly filled order says how far it got (docs/decisions/029-simulated-order-book.md).
            { header: 'Status', cell: workingStatusText },
            placedColumn,
            buttonColumn('Actions', (p) => (
              <Button
                size="small"
                color="error"
                aria-label={`Cancel ${orderName(p)}`}
                onClick={() => {
                  cancel.reset();
                  setAsking(p);
                }}
              >
                Cancel
              </Button>
            )),
          ]}
        />
      )}
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="cancel-title">
        <DialogTitle id="cancel-title">Cancel this order?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {asking &&
              `Your ${orderName(asking)} stops waiting and the reserved ${reservedText(asking)} is released.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>Keep order</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={cancel.isPending}>
            Cancel order
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
