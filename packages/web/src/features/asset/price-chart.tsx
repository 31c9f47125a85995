import type { CandleInterval, HistoryEntry } from '@papertrade/domain';
import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, useMemo, useState } from 'react';
import { ChartCard } from '../../components/chart-card.tsx';
import { findAsset, useAllAssets } from '../../lib/api/get-all-assets.ts';
import { contestCandlesQueryOptions } from '../contests/api/get-contest-candles.ts';
import { candlesQueryOptions } from '../market/api/get-candles.ts';
import { ChartLegend } from './chart-legend.tsx';
import { fillMarkers } from './fill-markers.ts';
import { priceDecimals } from './line-drag.ts';
import { liveCandle } from './live-candle.ts';
import type { ChartLine } from './order-lines.ts';
import { useOrderMove } from './order-move.tsx';

const CandleChart = lazy(() => import('./candle-chart.tsx'));

const INTERVALS = {
  label: 'Candle interval',
  choices: (['1m', '1h', '1d'] as const).map((i) => ({ value: i, label: i })),
};
const HEIGHT = { xs: 280, sm: 380 };

export interface ChartOverlays {
  symbol: string;
  /** The user's working orders of this asset and its average cost (order-lines.ts). */
  lines: readonly ChartLine[];
  /** The user's recent history: its fills of this asset are marked. */
  history: readonly HistoryEntry[];
  /** The portfolio the orders are in: given, their lines can be dragged to move them. */
  wallet?: string;
}

/**
 * A replay's chart (docs/api.md, Replay contests): its candles, replayed price and clock instead
 * of the live market's, for a member trading in a replay contest.
 */
export interface ChartReplay {
  contestId: string;
  wallet: string;
  symbol: string;
  price: number;
  replayedAt: number;
  /** The replayed moment of a wall time, so a fill is marked on the candle it traded in. */
  clock: (wall: number) => number;
}

export function PriceChart({
  assetId,
  name,
  overlays,
  replay,
}: {
  assetId: string;
  name: string;
  overlays?: ChartOverlays;
  replay?: ChartReplay | undefined;
}) {
  const [interval, setInterval] = useState<CandleInterval>('1h');
  const market = useQuery({ ...candlesQueryOptions(assetId, interval), enabled: !replay });
  const replayed = useQuery({
    ...contestCandlesQueryOptions(
      replay?.contestId ?? '',
      replay?.symbol ?? '',
      interval,
      replay?.wallet ?? '',
    ),
    enabled: Boolean(replay),
  });
  const query = replay ? replayed : market;
  const candles = query.data;
  // The live price (the header's) in the last candle, so the chart's price tag agrees with it;
  // in a replay the replayed price at the replayed moment.
  const livePrice = findAsset(useAllAssets().data, assetId)?.currentPrice ?? Number.NaN;
  const price = replay ? replay.price : livePrice;
  const at = replay?.replayedAt;
  const live = useMemo(
    () => (candles ? liveCandle(candles, price, interval, at ?? Date.now()) : null),
    [candles, price, interval, at],
  );
  const clock = replay?.clock;
  const overlayHistory = overlays?.history;
  const history = useMemo(
    () =>
      clock && overlayHistory
        ? overlayHistory.map((entry) => ({ ...entry, timestamp: clock(entry.timestamp) }))
        : overlayHistory,
    [clock, overlayHistory],
  );
  const symbol = overlays?.symbol ?? '';
  const markers = useMemo(
    () =>
      candles && history
        ? fillMarkers(
            history,
            symbol,
            candles.map((c) => c.time),
          )
        : [],
    [candles, history, symbol],
  );
  const lines = overlays?.lines ?? [];
  const wallet = overlays?.wallet;
  const { move, toast } = useOrderMove(wallet, price);
  return (
    <ChartCard
      title={replay ? 'Replayed price chart' : 'Price chart'}
      toggle={{ ...INTERVALS, value: interval, onChange: setInterval }}
      query={query}
      height={HEIGHT}
      footer={
        overlays && (
          <>
            <ChartLegend symbol={symbol} lines={lines} markers={markers} />
            {toast}
          </>
        )
      }
    >
      {candles &&
        (candles.length === 0 ? (
          <Typography color="text.secondary">No price history yet.</Typography>
        ) : (
          <CandleChart
            candles={candles}
            label={`${name} ${replay ? 'replayed ' : ''}price, ${interval} candles`}
            height={HEIGHT}
            live={live}
            lines={lines}
            markers={markers}
            priceDecimals={priceDecimals(price)}
            onMoveLine={wallet ? move : undefined}
          />
        ))}
    </ChartCard>
  );
}
