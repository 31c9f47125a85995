import {
  formatPrice,
  formatShares,
  formatUsd,
  gainPercentage,
  type Asset,
  type User,
} from '@papertrade/domain';
import {
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AssetLink } from './asset-link.tsx';
import { averageCost, holdingValue } from '../lib/portfolio.ts';
import { holdingSplit, reservedNote } from '../lib/holding-split.ts';
import { DayChange } from './day-change.tsx';

/**
 * A portfolio's holdings (docs/pages.md, Home): every share held, as /portfolio and the asset page
 * count them, the ones working sells reserve included and said under the figure. `readOnly`: someone else's portfolio (a teacher reading a
 * class member's), so the empty state does not invite the reader to trade.
 */
export function HoldingsTable({
  user,
  assets,
  readOnly,
}: {
  user: User;
  assets: Asset[];
  readOnly?: boolean;
}) {
  const rows = assets
    .map((asset) => ({ asset, split: holdingSplit(user, asset.symbol) }))
    .filter(({ split }) => split.total > 0)
    .map(({ asset, split }) => {
      // Weighted by shares per lot, so unequal buys give the right cost basis (docs/pages.md).
      const average = averageCost(user, asset.symbol);
      return { asset, split, average, value: holdingValue(split.total, asset.currentPrice) };
    })
    .sort((a, b) => b.value - a.value);
  if (rows.length === 0 && readOnly) {
    return <Typography color="text.secondary">No holdings.</Typography>;
  }
  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography gutterBottom>You do not hold any assets yet.</Typography>
        <Button component={RouterLink} to="/assets" variant="contained">
          Browse assets
        </Button>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table aria-label="Holdings">
        <TableHead>
          <TableRow>
            <TableCell>Asset</TableCell>
            <TableCell align="right">Shares</TableCell>
            <TableCell align="right">Value</TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              Avg cost
            </TableCell>
            <TableCell align="right">Gain</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ asset, split, value, average }) => (
            <TableRow key={asset.id}>
              <TableCell>
                <AssetLink asset={asset} />
              </TableCell>
              <TableCell align="right">
                {formatShares(split.total)}
                {split.reserved > 0 && (
                  <Typography
                    component="span"
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block', whiteSpace: 'nowrap' }}
                  >
                    {reservedNote(split)}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" data-price>
                {formatUsd(value)}
              </TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {average > 0 ? `$${formatPrice(average)}` : '—'}
              </TableCell>
              <TableCell align="right">
                {average > 0 ? (
                  <DayChange value={gainPercentage(asset.currentPrice, average)} />
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
