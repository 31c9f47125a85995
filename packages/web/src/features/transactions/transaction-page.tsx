import { formatExactPrice, formatShares, formatUsd, pairSlug } from '@papertrade/domain';
import {
  Alert,
  Button,
  Chip,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useUser } from '../../lib/api/get-session.ts';
import { useTransaction } from './api/get-transaction.ts';
import { fillOrderWords } from './fill-order-words.ts';
import { fillKindLabel } from '../../lib/order-kind.ts';
import { bookFillRows } from '../../lib/book-fill.ts';

/** /transaction?id=: one transaction's details. */
export default function TransactionPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const user = useUser();
  const { data: tx, isPending, error } = useTransaction(id, user.walletAddress);
  if (!id) return <Alert severity="error">No transaction was chosen.</Alert>;
  if (error) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Alert severity="error">{errorMessage(error)}</Alert>
        <Button component={RouterLink} to="/all-transactions" variant="outlined">
          All transactions
        </Button>
      </Stack>
    );
  }
  if (isPending) return <Skeleton variant="rounded" height={280} sx={{ maxWidth: 560 }} />;
  const rows: [string, string][] = [
    ['Type', tx.type === 'PURCHASE' ? 'Purchase' : 'Sell'],
    // The kind of order that filled ("Stop", "Stop-loss"), not only market or limit.
    ['Method', fillKindLabel(tx, user.limitPositions)],
    ['Asset', tx.symbol],
    ['Shares', formatShares(tx.assetsPurchasedSold)],
    ['Price per share', `$${formatExactPrice(tx.purchaseSellAsk)}`],
    // A fill that walked the book says how: its mid, average, slippage and levels
    // (docs/decisions/029-simulated-order-book.md).
    ...bookFillRows(tx),
    // Every total shows cents, the success dialog's too (docs/decisions/009).
    ['Total', formatUsd(tx.transactionTotal)],
    // The fee is charged on top of a buy and out of a sale (docs/decisions/013-fees-and-spread.md).
    ['Fee', formatUsd(tx.fee)],
    ...(tx.fee > 0
      ? [
          tx.type === 'PURCHASE'
            ? ([
                'Paid with fee',
                formatUsd((Math.round(tx.transactionTotal * 100) + Math.round(tx.fee * 100)) / 100),
              ] as [string, string])
            : ([
                'Received after fee',
                formatUsd((Math.round(tx.transactionTotal * 100) - Math.round(tx.fee * 100)) / 100),
              ] as [string, string]),
        ]
      : []),
    // A working order's fill says which order it was and why it filled then (docs/api.md, `Transaction.trigger`).
    ...(tx.trigger
      ? ([
          [
            'Order',
            fillOrderWords({ positionId: tx.positionId, trigger: tx.trigger }, user.limitPositions),
          ],
          ['Why it filled', tx.trigger.reason],
        ] as [string, string][])
      : []),
    ['Date', formatDateTime(tx.timestamp)],
    // The trader's reason, as written (docs/api.md, "Trade notes").
    ...(tx.note ? ([['Note', tx.note]] as [string, string][]) : []),
    ['Transaction id', tx.id],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 560 }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <Typography component="h2" variant="h6" fontWeight={700}>
          {tx.type === 'PURCHASE' ? 'Bought' : 'Sold'} {tx.symbol} for{' '}
          {formatUsd(tx.transactionTotal)}
        </Typography>
        {tx.archived && <Chip size="small" label="Archived" />}
      </Stack>
      <Table size="small" aria-label="Transaction details">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary', pl: 0 }}>
                {label}
              </TableCell>
              <TableCell sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          component={RouterLink}
          to={`/asset?pair=${pairSlug(tx.symbol)}`}
          variant="contained"
        >
          View {tx.symbol}
        </Button>
        <Button component={RouterLink} to="/all-transactions">
          All transactions
        </Button>
      </Stack>
    </Paper>
  );
}
