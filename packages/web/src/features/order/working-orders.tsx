import type { LimitPosition, User } from '@papertrade/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useCancelLimitPosition } from '../trading/api/cancel-limit-position.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { limitText, orderName, orderTime, reservedText, sideText } from './order-format.ts';

const hidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

/** Orders waiting for their price, each with a Cancel that asks first. */
export function WorkingOrders({ user }: { user: User }) {
  const working = user.limitPositions.filter((p) => p.status === 'WORKING');
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
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Working orders">
            <TableHead>
              <TableRow>
                <TableCell>Asset</TableCell>
                <TableCell>Side</TableCell>
                <TableCell align="right">Limit price</TableCell>
                <TableCell align="right">Reserved</TableCell>
                <TableCell>Placed</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={hidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {working.map((p) => (
                <TableRow key={p.positionId}>
                  <TableCell>{p.symbol}</TableCell>
                  <TableCell>{sideText(p)}</TableCell>
                  <TableCell align="right">{limitText(p)}</TableCell>
                  <TableCell align="right">{reservedText(p)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {orderTime.format(p.timestamp)}
                  </TableCell>
                  <TableCell align="right">
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
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
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
