import { formatPrice, formatShares, type RealisedTrade } from '@papertrade/domain';
import { signedPercent } from '../../lib/format.ts';
import { Link, List, ListItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PnlText } from './pnl-text.tsx';

const dateText = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/** Sales with what each made; each links to its transaction. */
export function TradeList({
  label,
  trades,
  empty,
}: {
  label: string;
  trades: RealisedTrade[];
  empty: string;
}) {
  if (!trades.length) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <List aria-label={label} dense disablePadding>
      {trades.map((t) => (
        <ListItem
          key={t.transactionId}
          disableGutters
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
        >
          <Link
            component={RouterLink}
            to={`/transaction?id=${encodeURIComponent(t.transactionId)}`}
            sx={{ flexGrow: 1, minWidth: 0 }}
          >
            Sold {formatShares(t.shares)} {t.symbol} at ${formatPrice(t.price)},{' '}
            {dateText(t.timestamp)}
          </Link>
          <PnlText value={t.realisedPnl} />
          <Typography component="span" variant="body2" color="text.secondary">
            ({signedPercent(t.returnPercentage)})
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
