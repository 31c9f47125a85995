import { formatExactPrice, formatShares, formatUsd, type Transaction } from '@papertrade/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';
import type { RefObject } from 'react';
import { bookFillRows } from '../lib/book-fill.ts';

interface SuccessDialogProps {
  transaction: Transaction | null;
  onClose: () => void;
  onViewDetails: (transaction: Transaction) => void;
  /**
   * Where focus goes once the dialog has closed, instead of back to what opened it: the trade's
   * submit button is disabled by then (the amount was cleared), so focus would fall to the page.
   */
  focusAfterClose?: RefObject<HTMLElement | null>;
}

/** docs/pages.md, Trade panel: 'Transaction Successful!' with the fill and a 'View details' button. */
export function SuccessDialog({
  transaction,
  onClose,
  onViewDetails,
  focusAfterClose,
}: SuccessDialogProps) {
  const rows: [string, string][] = transaction
    ? [
        ['Type', transaction.type === 'PURCHASE' ? 'Purchase' : 'Sell'],
        ['Symbol', transaction.symbol],
        ['Shares', formatShares(transaction.assetsPurchasedSold)],
        ['Total', formatUsd(transaction.transactionTotal)],
        ['Price', `$${formatExactPrice(transaction.purchaseSellAsk)}`],
        // What walking the book cost (docs/decisions/029-simulated-order-book.md).
        ...bookFillRows(transaction),
        ...(transaction.fee > 0 ? [['Fee', formatUsd(transaction.fee)] as [string, string]] : []),
      ]
    : [];
  return (
    <Dialog
      open={transaction !== null}
      onClose={onClose}
      disableRestoreFocus={focusAfterClose !== undefined}
      slotProps={{ transition: { onExited: () => focusAfterClose?.current?.focus() } }}
      aria-labelledby="trade-success-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="trade-success-title">Transaction Successful!</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Transaction">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ color: 'text.secondary', border: 0, pl: 0 }}
                >
                  {label}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, border: 0, pr: 0 }}>
                  {value}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={() => transaction && onViewDetails(transaction)}>
          View details
        </Button>
      </DialogActions>
    </Dialog>
  );
}
