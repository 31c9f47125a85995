import {
  formatPrice,
  formatShares,
  formatUsd,
  type HistoryEntry,
  type LimitPosition,
} from '@papertrade/domain';
import {
  Alert,
  Button,
  FormControlLabel,
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  Switch,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { withUrlParam } from '../../lib/url-param.ts';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import {
  historyStatus,
  historyTitle,
  orderKindLabel,
  orderPricesText,
  fillKindLabel,
} from '../../lib/order-kind.ts';
import { useUser } from '../../lib/api/get-session.ts';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import {
  transactionsCsvHref,
  useTransactions,
  type TransactionFilters,
} from './api/get-transactions.ts';

const wide = { display: { xs: 'none', sm: 'table-cell' } };

function When({ timestamp }: { timestamp: number }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {formatDateTime(timestamp)}
    </Typography>
  );
}

/**
 * One history row: what it is ("Stop sell BTC"), the kind of order (Method), its status, shares,
 * the price(s) it filled or acts at, and the total.
 */
function Row({ entry, orders }: { entry: HistoryEntry; orders: readonly LimitPosition[] }) {
  const label = historyTitle(entry);
  const status = <TableCell sx={wide}>{historyStatus(entry)}</TableCell>;
  if ('id' in entry) {
    return (
      <TableRow>
        <TableCell>
          <Link
            component={RouterLink}
            to={`/transaction?id=${encodeURIComponent(entry.id)}`}
            underline="hover"
          >
            {label}
          </Link>
          <When timestamp={entry.timestamp} />
        </TableCell>
        <TableCell sx={wide}>{fillKindLabel(entry, orders)}</TableCell>
        {status}
        <TableCell align="right">{formatShares(entry.assetsPurchasedSold)}</TableCell>
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
        {label}
        <When timestamp={entry.timestamp} />
      </TableCell>
      <TableCell sx={wide}>{orderKindLabel(entry)}</TableCell>
      {status}
      <TableCell align="right">
        {entry.sellAsk === undefined ? '—' : formatShares(entry.sellAsk)}
      </TableCell>
      <TableCell align="right" sx={{ ...wide, whiteSpace: 'nowrap' }}>
        {orderPricesText(entry)}
      </TableCell>
      <TableCell align="right">
        {entry.purchaseAsk === undefined ? '—' : formatUsd(entry.purchaseAsk)}
      </TableCell>
    </TableRow>
  );
}

const TYPES = [
  { value: '', label: 'All types' },
  { value: 'PURCHASE', label: 'Buys' },
  { value: 'SELL', label: 'Sells' },
  { value: 'WORKING', label: 'Working orders' },
] as const;

function Filters({ symbols, walletAddress }: { symbols: string[]; walletAddress: string }) {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string) =>
    setParams(withUrlParam(key, value), { replace: true });
  const archived = params.get('archived') === 'true';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
      <TextField
        select
        size="small"
        label="Type"
        value={params.get('type') ?? ''}
        onChange={(e) => set('type', e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 160 }}
      >
        {TYPES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Asset"
        value={params.get('symbol') ?? ''}
        onChange={(e) => set('symbol', e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 160 }}
      >
        <option value="">All assets</option>
        {symbols.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={archived}
            onChange={(e) => set('archived', e.target.checked ? 'true' : '')}
          />
        }
        label="Archived (before resets)"
      />
      <Button
        component="a"
        href={transactionsCsvHref(walletAddress)}
        download="transactions.csv"
        variant="outlined"
        startIcon={<Download />}
        sx={{ ml: { sm: 'auto' } }}
      >
        Export CSV
      </Button>
    </Stack>
  );
}

/** Every transaction, newest first, a page at a time, filtered by type, asset and epoch. */
export default function AllTransactionsPage() {
  const user = useUser();
  const [params] = useSearchParams();
  const { data: assets } = useAllAssets();
  const filters: TransactionFilters = {
    type: (['PURCHASE', 'SELL', 'WORKING'] as const).find((t) => t === params.get('type')),
    symbol: params.get('symbol') || undefined,
    archived: params.get('archived') === 'true',
  };
  const query = useTransactions(user.walletAddress, filters);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const symbols = (assets ?? []).map((a) => a.symbol).sort();
  let body: ReactNode;
  if (query.isPending) body = <Skeleton variant="rounded" height={320} />;
  else if (query.error && entries.length === 0)
    body = <Alert severity="error">{errorMessage(query.error)}</Alert>;
  else if (entries.length === 0)
    body = (
      <Typography color="text.secondary">
        {filters.archived
          ? 'No archived history: it appears here after you reset your account.'
          : filters.type || filters.symbol
            ? 'No transactions match these filters.'
            : 'No transactions yet.'}
      </Typography>
    );
  else
    body = (
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table
          aria-label={filters.archived ? 'Archived transactions' : 'Transactions'}
          size="small"
        >
          <TableHead>
            <TableRow>
              <TableCell>Transaction</TableCell>
              <TableCell sx={wide}>Method</TableCell>
              <TableCell sx={wide}>Status</TableCell>
              <TableCell align="right">Shares</TableCell>
              <TableCell align="right" sx={wide}>
                Price
              </TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <Row
                key={'id' in entry ? entry.id : entry.positionId}
                entry={entry}
                orders={user.limitPositions}
              />
            ))}
          </TableBody>
        </Table>
      </Paper>
    );
  return (
    <Stack spacing={2}>
      <Filters symbols={symbols} walletAddress={user.walletAddress} />
      {body}
      {query.error && entries.length > 0 && (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      )}
      <LoadMoreButton query={query} />
    </Stack>
  );
}
