import { displayAssetName, formatPrice } from '@papertrade/domain';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AssetAvatar } from '../../components/asset-avatar.tsx';
import { DayChange } from '../../components/day-change.tsx';
import { StalePriceNote, stalePriceSx } from '../../components/stale-price.tsx';
import { TradePanel, useTradeDialog, useTradeLink } from '../trading/index.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.tsx';
import { useUser } from '../../lib/api/get-session.ts';
import { findAsset, useAllAssets } from '../../lib/api/get-all-assets.ts';
import { AlertBell } from './alert-bell.tsx';
import { AssetFacts } from './asset-facts.tsx';
import { HoldingCard } from './holding-card.tsx';
import { holdingSplit } from '../../lib/holding-split.ts';
import { MobileTradeBar } from './mobile-trade-bar.tsx';
import { chartLines } from './order-lines.ts';
import { OrderBookCard } from './order-book-card.tsx';
import { OrdersCard } from './orders-card.tsx';
import { PriceChart, type ChartOverlays, type ChartReplay } from './price-chart.tsx';
import { WatchStar } from '../../components/watch-star.tsx';
import { useTransactions } from '../transactions/api/get-transactions.ts';
import { replayedPrice, useReplayMarket } from '../contests/api/get-replay-market.ts';
import { replayTimeText } from '../../lib/replay-time.ts';

/** /asset?pair={asset id}: price, chart, the user's holding and the trade panel. */
export default function AssetPage() {
  const [params] = useSearchParams();
  const pair = params.get('pair') ?? '';
  const user = useUser();
  const { data: assets, isPending, error } = useAllAssets();
  const listed = findAsset(assets, pair);
  // A member of a replay contest trades on the replayed prices: the page shows those, its chart
  // the replay's candles (docs/api.md, Replay contests). An asset the replay does not trade, and
  // everyone outside it, keep the live market.
  const replayMarket = useReplayMarket();
  const replayAnswer = replayMarket?.answer;
  const replayPrice = listed ? replayedPrice(replayMarket, listed.symbol) : undefined;
  const asset = useMemo(
    () => (listed && replayPrice !== undefined ? { ...listed, currentPrice: replayPrice } : listed),
    [listed, replayPrice],
  );
  const symbol = asset?.symbol ?? '';
  const replay = useMemo<ChartReplay | undefined>(
    () =>
      replayMarket?.answer && replayPrice !== undefined
        ? {
            contestId: replayMarket.contestId,
            wallet: replayMarket.wallet,
            symbol,
            price: replayPrice,
            replayedAt: replayMarket.answer.replayedAt,
            clock: replayMarket.clock,
          }
        : undefined,
    [replayMarket, symbol, replayPrice],
  );
  const { openTrade, dialog } = useTradeDialog();
  // A lesson's "Try it" (?trade=&side=&protect=) starts the panel, or the phone's dialog, on it.
  const { key: tradeKey, ...tradeStart } = useTradeLink(asset, openTrade);
  usePageTitle(asset ? displayAssetName(asset.name) : null);
  // The record's history is the latest 20 entries of every asset (docs/api.md, "Lean order
  // answers"): the chart marks this asset's latest fills, a page of GET /transactions, instead.
  const fills = useTransactions(user.walletAddress, symbol ? { symbol } : {});
  const history = fills.data?.pages[0]?.entries ?? user.history;
  const overlays = useMemo<ChartOverlays>(
    () => ({
      symbol,
      lines: chartLines(user, symbol, holdingSplit(user, symbol).total > 0),
      history,
      wallet: user.walletAddress,
    }),
    [user, symbol, history],
  );

  if (error && !assets) return <Alert severity="error">{errorMessage(error)}</Alert>;
  // A replay's prices come a moment after the list: never show the live price in its place.
  if (isPending || replayMarket === undefined || (replayMarket && !replayAnswer))
    return <Skeleton variant="rounded" height={400} />;
  if (!asset) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography gutterBottom>
          {pair ? `There is no asset “${pair}”.` : 'No asset was chosen.'}
        </Typography>
        <Button component={RouterLink} to="/assets" variant="contained">
          See all assets
        </Button>
      </Paper>
    );
  }
  const name = displayAssetName(asset.name);
  return (
    <Box sx={{ pb: { xs: 8, md: 0 } }}>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <AssetAvatar asset={asset} size={48} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          {/* A long name takes a second line rather than an ellipsis beside the bell and star. */}
          <Typography
            component="h2"
            variant="h5"
            fontWeight={700}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {name}{' '}
            <Typography component="span" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {asset.symbol}
            </Typography>
          </Typography>
          {/* Where the row is short (a phone, a long price) the change and "today" move as one to
              the next line, under the price rather than split under the alert bell. */}
          <Stack
            direction="row"
            alignItems="baseline"
            sx={{ flexWrap: 'wrap', columnGap: 1.5 }}
            data-price
          >
            <Typography
              variant="h6"
              component="p"
              fontWeight={700}
              sx={{ whiteSpace: 'nowrap', ...stalePriceSx(asset) }}
            >
              ${formatPrice(asset.currentPrice)}
            </Typography>
            {replay ? (
              <Typography variant="body2" color="text.secondary" aria-label="Replayed moment">
                replayed, {replayTimeText(replay.replayedAt)}
              </Typography>
            ) : (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                <DayChange value={asset.dayChangePercentage} />{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  today
                </Typography>
              </Box>
            )}
            <StalePriceNote asset={asset} />
          </Stack>
        </Box>
        <AlertBell asset={asset} name={name} wallet={user.walletAddress} />
        <WatchStar symbol={asset.symbol} size="medium" />
      </Stack>
      {/* Desktop: the panel beside the chart and cards. Narrower (a tablet, or a desktop zoomed to
          200 %): one column with the panel straight after the chart, not below every card, and the
          Trade bar as on a phone. Phone: no panel, only the Trade bar. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gridTemplateAreas: { xs: '"chart" "panel" "cards"', md: '"chart panel" "cards panel"' },
          gridTemplateRows: { md: 'auto 1fr' },
        }}
      >
        {/* The book right under the candles, in their column: what the next market order meets
            beside where the price has been. */}
        <Stack spacing={2} sx={{ gridArea: 'chart', minWidth: 0 }}>
          <PriceChart assetId={asset.id} name={name} overlays={overlays} replay={replay} />
          {/* A replay member's is the replay's book, the one their market orders walk (decision 034). */}
          <OrderBookCard asset={asset} />
        </Stack>
        <Box sx={{ gridArea: 'panel', minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <TradePanel
              key={`${asset.id}-${tradeKey}`}
              asset={asset}
              hideOnMobile
              {...tradeStart}
            />
          </Paper>
        </Box>
        <Stack spacing={2} sx={{ gridArea: 'cards', minWidth: 0 }}>
          <OrdersCard user={user} symbol={asset.symbol} />
          <HoldingCard user={user} asset={asset} />
          <AssetFacts asset={asset} name={name} />
        </Stack>
      </Box>
      <MobileTradeBar asset={asset} user={user} onChoose={(side) => openTrade(asset, side, true)} />
      {dialog}
    </Box>
  );
}
