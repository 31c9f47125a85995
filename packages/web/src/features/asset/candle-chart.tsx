/** The candlestick chart; this module (and lightweight-charts) loads only on /asset. */
import type { Candle } from '@papertrade/domain';
import { useTheme } from '@mui/material';
import { CandlestickSeries, type AutoscaleInfo, type UTCTimestamp } from 'lightweight-charts';
import { useMemo } from 'react';
import { ChartFigure, type ChartHeight } from '../../components/chart-card.tsx';
import { formatChartPrice } from '../../lib/chart-scale.ts';
import { useChartSeries } from '../../lib/use-chart.ts';
import { useChartOverlays } from './chart-overlays.ts';
import { markerRoom, type FillMarker } from './fill-markers.ts';
import { rangeWithLines, type ChartLine } from './order-lines.ts';
import { useLineDrag } from './use-line-drag.ts';

const NONE: never[] = [];

const toBar = (c: Candle) => ({
  time: Math.floor(c.time / 1000) as UTCTimestamp,
  open: c.open,
  high: c.high,
  low: c.low,
  close: c.close,
});

export default function CandleChart({
  candles,
  label,
  height,
  live,
  lines = NONE,
  markers = NONE,
  priceDecimals = 2,
  onMoveLine,
}: {
  candles: Candle[];
  label: string;
  height: ChartHeight;
  /** The last candle with the live price in it (live-candle.ts), updated without a refit. */
  live?: Candle | null;
  /** The user's working orders and average cost (order-lines.ts). */
  lines?: readonly ChartLine[];
  /** The user's fills on this chart's candles (fill-markers.ts). */
  markers?: readonly FillMarker[];
  /** The steps a dragged line moves in (line-drag.ts priceDecimals). */
  priceDecimals?: number;
  /** Given, an order's line can be dragged to a new price, which this sends (order-move.tsx). */
  onMoveLine?: ((line: ChartLine, price: number) => Promise<boolean>) | undefined;
}) {
  const { success, error } = useTheme().palette;
  const cheapest = candles.reduce((min, c) => Math.min(min, c.low), Infinity);
  // Cheap coins need more decimals than 2 to show any movement at all.
  const precision = cheapest < 1 ? 6 : 2;
  const linePrices = lines.map((l) => l.price).join(',');
  const options = useMemo(() => {
    const prices = linePrices ? linePrices.split(',').map(Number) : [];
    return {
      upColor: success.main,
      downColor: error.main,
      wickUpColor: success.main,
      wickDownColor: error.main,
      borderVisible: false,
      priceFormat: { type: 'price' as const, precision, minMove: 10 ** -precision },
      // Orders near the candles are brought into view; far ones are listed under the chart.
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        if (!info?.priceRange || prices.length === 0) return info;
        return { ...info, priceRange: rangeWithLines(info.priceRange, prices) };
      },
    };
  }, [success.main, error.main, precision, linePrices]);
  const data = useMemo(() => candles.map(toBar), [candles]);
  const liveBar = useMemo(() => (live ? toBar(live) : undefined), [live]);
  const room = markerRoom(
    markers,
    candles.map((c) => c.time),
  );
  const chartOptions = useMemo(() => ({ timeScale: { rightOffsetPixels: room } }), [room]);
  const { container, series, chart } = useChartSeries(CandlestickSeries, options, data, {
    live: liveBar,
    chart: chartOptions,
  });
  const overlay = useChartOverlays(series, lines, markers);
  useLineDrag({
    container,
    chart,
    series,
    overlay,
    lines,
    decimals: priceDecimals,
    onMove: onMoveLine,
  });
  const last = liveBar ?? data.at(-1);
  return (
    <ChartFigure
      ref={container}
      label={label}
      height={height}
      lastValue={last && `Last price ${formatChartPrice(last.close)}`}
    />
  );
}
