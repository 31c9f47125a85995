import { formatPrice, formatUsd, historyEntryType, type HistoryEntry } from '@papertrade/domain';
import {
  Alert,
  Button,
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime, formatShareCount } from '../../lib/format.ts';
import { useUser } from '../auth/api/get-session.ts';
import { useTransactions } from './api/get-transactions.ts';

const wide = { display: { xs: 'none', sm: 'table-cell' } };

function When({ timestamp }: { timestamp: number }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {formatDateTime(timestamp)}
    </Typography>
  );
}

function Row({ entry }: { entry: HistoryEntry }) {
  const type = historyEntryType(entry);
  if ('id' in entry) {
    return (
      <TableRow>
        <TableCell>
          <Link component={RouterLink} to={`/transaction?id=${encodeURIComponent(entry.id)}`}>
            {type} {entry.symbol}
          </Link>
          <When timestamp={entry.timestamp} />
        </TableCell>
        <TableCell align="right">{formatShareCount(entry.assetsPurchasedSold)}</TableCell>
        <TableCell align="right" sx={wide}>
          ${formatPrice(entry.purchaseSellAsk)}
        </TableCell>
        <TableCell align="right">{formatUsd(entry.transactionTotal)}</TableCell>
      </TableRow>
    );
  }
  return (
    <TableRow>
      <TableCell>
        {type} {entry.symbol} ({entry.type === 'PURCHASE' ? 'buy' : 'sell'} limit)
        <When timestamp={entry.timestamp} />
      </TableCell>
      <TableCell align="right">
        {entry.sellAsk === undefined ? '—' : formatShareCount(entry.sellAsk)}
      </TableCell>
      <TableCell align="right" sx={wide}>
        ${formatPrice(entry.limitAsk)}
      </TableCell>
      <TableCell align="right">
        {entry.purchaseAsk === undefined ? '—' : formatUsd(entry.purchaseAsk)}
      </TableCell>
    </TableRow>
  );
}

/** Every transaction, newest first, a page at a time (GET /transactions). */
export default function AllTransactionsPage() {
  const user = useUser();
  const query = useTransactions(user.walletAddress);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  if (query.isPending) return <Skeleton variant="rounded" height={320} />;
  if (query.error && entries.length === 0)
    return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  if (entries.length === 0)
    return <Typography color="text.secondary">No transactions yet.</Typography>;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table aria-label="Transactions" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Transaction</TableCell>
              <TableCell align="right">Shares</TableCell>
              <TableCell align="right" sx={wide}>
                Price
              </TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <Row key={'id' in entry ? entry.id : entry.positionId} entry={entry} />
            ))}
          </TableBody>
        </Table>
      </Paper>
      {query.error && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {query.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          Load more
        </Button>
      )}
    </Stack>
  );
}
