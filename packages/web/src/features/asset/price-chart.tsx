import type { CandleInterval, HistoryEntry } from '@papertrade/domain';
import { Typography } from '@mui/material';
import { lazy, useMemo, useState } from 'react';
import { ChartCard } from '../../components/chart-card.tsx';
import { findAsset, useAllAssets } from '../../lib/api/get-all-assets.ts';
import { useCandles } from '../market/api/get-candles.ts';
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

export function PriceChart({
  assetId,
  name,
  overlays,
}: {
  assetId: string;
  name: string;
  overlays?: ChartOverlays;
}) {
  const [interval, setInterval] = useState<CandleInterval>('1h');
  const query = useCandles(assetId, interval);
  const candles = query.data;
  // The live price (the header's) in the last candle, so the chart's price tag agrees with it.
  const price = findAsset(useAllAssets().data, assetId)?.currentPrice ?? Number.NaN;
  const live = useMemo(
    () => (candles ? liveCandle(candles, price, interval, Date.now()) : null),
    [candles, price, interval],
  );
  const history = overlays?.history;
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
      title="Price chart"
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
            label={`${name} price, ${interval} candles`}
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
