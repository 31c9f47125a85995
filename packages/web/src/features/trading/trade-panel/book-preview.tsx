import {
  formatExactPrice,
  formatShares,
  priceToNumber,
  sharesToNumber,
  type AmountUnit,
  type Asset,
  type TransactionType,
} from '@papertrade/domain';
import { Alert, Box } from '@mui/material';
import { useMemo } from 'react';
import { useOrderBook } from '../../market/api/get-order-book.ts';
import {
  bookLevels,
  formatBps,
  previewMarketOrder,
  SLIPPAGE_WARNING_BPS,
} from '../../../lib/order-book.ts';
import { Row } from './row.tsx';

interface BookPreviewProps {
  asset: Asset;
  side: TransactionType;
  unit: AmountUnit;
  /** The amount typed, in `unit`; 0 when there is none. */
  amount: number;
}

/**
 * A market order's expected average price and slippage against the mid, from walking the current
 * simulated book for the amount typed (docs/pages.md, Trade panel), and a warning when either is
 * bad news: slippage past SLIPPAGE_WARNING_BPS, or a book too thin to fill the amount. Nothing
 * while there is no amount or no book (the order itself does not wait for it).
 */
export function BookPreview({ asset, side, unit, amount }: BookPreviewProps) {
  const book = useOrderBook(asset).data;
  const levels = useMemo(() => (book ? bookLevels(book) : null), [book]);
  const preview = levels && amount > 0 ? previewMarketOrder(levels, side, unit, amount) : null;
  if (!preview) return null;
  const bps = preview.slippageCentiBps;
  const warn = bps > BigInt(SLIPPAGE_WARNING_BPS * 100);
  const where = side === 'PURCHASE' ? 'asks' : 'bids';
  return (
    <Box role="group" aria-label="Expected fill from the order book">
      <Row
        label="Expected average price"
        value={`$${formatExactPrice(priceToNumber(preview.averagePrice))}`}
      />
      <Row
        label="Slippage"
        value={`${formatBps(bps)} · ${preview.levels} ${preview.levels === 1 ? 'level' : 'levels'}`}
      />
      {!preview.complete && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          The book cannot fill this order: its {where} hold only{' '}
          {formatShares(sharesToNumber(preview.shares))} {asset.symbol} right now.
        </Alert>
      )}
      {preview.complete && warn && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          High slippage: this order would fill about {formatBps(bps)} from the mid price, above{' '}
          {SLIPPAGE_WARNING_BPS} bps. A smaller order or a limit order costs less.
        </Alert>
      )}
    </Box>
  );
}
