import { type Asset, type BookLevel, type OrderBookLevels } from '@papertrade/domain';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  alpha,
  Box,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useTheme,
} from '@mui/material';
import { useId, useMemo } from 'react';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useIsMobile } from '../../lib/breakpoints.ts';
import { bookLevels, bookTop, cumulativeShares, formatBps } from '../../lib/order-book.ts';
import { useOrderBook } from '../market/api/get-order-book.ts';
import {
  depthGeometry,
  LADDER_LEVELS,
  ladderDecimals,
  ladderPriceText,
  ladderSharesText,
} from './book-display.ts';

/**
 * The asset page's order book (docs/pages.md, Asset): the ladder of the nearest levels and the
 * depth chart of all of them, read again at every price change. A section beside the chart's
 * column from `sm` up; on a phone a collapsed section, so the candles stay first on a short screen.
 */
export function OrderBookCard({ asset }: { asset: Asset }) {
  const mobile = useIsMobile();
  const headingId = useId();
  if (mobile) {
    return (
      <Accordion
        variant="outlined"
        disableGutters
        slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h2' } }}
      >
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography variant="subtitle1" fontWeight={700}>
            Order book
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          <OrderBookBody asset={asset} />
        </AccordionDetails>
      </Accordion>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="subtitle1" fontWeight={700} mb={1}>
        Order book
      </Typography>
      <OrderBookBody asset={asset} />
    </Paper>
  );
}

function OrderBookBody({ asset }: { asset: Asset }) {
  const query = useOrderBook(asset);
  const book = useMemo(() => (query.data ? bookLevels(query.data) : null), [query.data]);
  if (query.isPending) {
    return <Skeleton variant="rounded" height={240} aria-label="Loading the order book" />;
  }
  if (!book) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  if (book.bids.length === 0 && book.asks.length === 0) {
    return <Typography color="text.secondary">No orders in the book right now.</Typography>;
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        // Side by side where the chart's column is wide enough for both (a 1280px desktop);
        // narrower, the chart goes under the ladder.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      {/* A refetch that failed keeps the last book on screen, and says so above it. */}
      {query.isRefetchError && (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
          The book could not be updated: {errorMessage(query.error)}
        </Alert>
      )}
      <Ladder book={book} symbol={asset.symbol} />
      <DepthChart book={book} symbol={asset.symbol} />
    </Box>
  );
}

function Ladder({ book, symbol }: { book: OrderBookLevels; symbol: string }) {
  const theme = useTheme();
  const decimals = ladderDecimals(book);
  const top = bookTop(book);
  const asks = book.asks.slice(0, LADDER_LEVELS);
  const bids = book.bids.slice(0, LADDER_LEVELS);
  const askTotals = cumulativeShares(asks);
  const bidTotals = cumulativeShares(bids);
  // One scale for both sides' bars, so the deeper side's bars are longer.
  const most = [askTotals.at(-1) ?? 0n, bidTotals.at(-1) ?? 0n].reduce((a, b) => (a > b ? a : b));
  const row = (kind: 'Ask' | 'Bid', level: BookLevel, total: bigint) => {
    const color = kind === 'Ask' ? theme.palette.error.main : theme.palette.success.main;
    const percent = most > 0n ? Number((total * 1000n) / most) / 10 : 0;
    return (
      <TableRow
        key={`${kind}-${level.price}`}
        sx={{
          // The bar of the running total, from the right edge: how much stands up to this price.
          background: `linear-gradient(to left, ${alpha(color, 0.16)} ${percent}%, transparent ${percent}%)`,
        }}
      >
        <TableCell sx={{ color: kind === 'Ask' ? 'error.main' : 'success.main' }}>
          <VisuallyHidden>{kind} </VisuallyHidden>
          {ladderPriceText(level.price, decimals)}
        </TableCell>
        <TableCell align="right">{ladderSharesText(level.shares)}</TableCell>
        <TableCell align="right">{ladderSharesText(total)}</TableCell>
      </TableRow>
    );
  };
  const cell = { py: 0.25, px: 1, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };
  return (
    <Table size="small" aria-label={`Order book ladder for ${symbol}`} sx={{ '& td, & th': cell }}>
      <TableHead>
        <TableRow>
          <TableCell>Price (USD)</TableCell>
          <TableCell align="right">Size ({symbol})</TableCell>
          <TableCell align="right">Total ({symbol})</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {/* Asks above, the best nearest the middle, as exchanges draw a ladder. */}
        {asks.map((level, i) => row('Ask', level, askTotals[i] ?? 0n)).reverse()}
        <TableRow>
          <TableCell colSpan={3} sx={{ textAlign: 'center', color: 'text.secondary' }}>
            {top
              ? `Spread $${ladderPriceText(top.spread, decimals)} (${formatBps(top.spreadCentiBps)}) · Mid $${ladderPriceText(top.mid, decimals)}`
              : 'One side of the book is empty'}
          </TableCell>
        </TableRow>
        {bids.map((level, i) => row('Bid', level, bidTotals[i] ?? 0n))}
      </TableBody>
    </Table>
  );
}

const WIDTH = 400;
const HEIGHT = 200;

function DepthChart({ book, symbol }: { book: OrderBookLevels; symbol: string }) {
  const theme = useTheme();
  const geometry = depthGeometry(book, WIDTH, HEIGHT);
  const decimals = ladderDecimals(book);
  const side = (levels: readonly BookLevel[], word: string, edge: string) => {
    const last = levels.at(-1);
    return last
      ? `${ladderSharesText(cumulativeShares(levels).at(-1) ?? 0n)} ${symbol} ${word} ${edge} $${ladderPriceText(last.price, decimals)}`
      : `no ${word === 'bid' ? 'bids' : 'asks'}`;
  };
  const captionId = useId();
  const summary = `Depth: ${side(book.bids, 'bid', 'down to')}; ${side(book.asks, 'asked', 'up to')}.`;
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0 }}>
      {geometry && (
        <>
          <Box
            component="svg"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            aria-hidden
            sx={{ display: 'block', width: '100%', height: { xs: 140, sm: 180 } }}
          >
            <path
              d={geometry.bidPath}
              fill={alpha(theme.palette.success.main, 0.25)}
              stroke={theme.palette.success.main}
              strokeWidth={1.5}
              vectorEffect="non-scaling-stroke"
            />
            <path
              d={geometry.askPath}
              fill={alpha(theme.palette.error.main, 0.25)}
              stroke={theme.palette.error.main}
              strokeWidth={1.5}
              vectorEffect="non-scaling-stroke"
            />
          </Box>
          <Box
            aria-hidden
            sx={{ display: 'flex', justifyContent: 'space-between', typography: 'caption' }}
          >
            <span>${ladderPriceText(geometry.low, decimals)}</span>
            <span>${ladderPriceText(geometry.high, decimals)}</span>
          </Box>
        </>
      )}
      <Typography
        id={captionId}
        component="figcaption"
        variant="body2"
        color="text.secondary"
        mt={0.5}
      >
        {summary}
      </Typography>
    </Box>
  );
}
