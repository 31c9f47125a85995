/** The candlestick chart; this module (and lightweight-charts) loads only on /asset. */
import type { Candle } from '@papertrade/domain';
import { useTheme } from '@mui/material';
import { CandlestickSeries, type UTCTimestamp } from 'lightweight-charts';
import { useMemo } from 'react';
import { ChartFigure, type ChartHeight } from '../../components/chart-card.tsx';
import { useChart } from '../../lib/use-chart.ts';

export default function CandleChart({
  candles,
  label,
  height,
}: {
  candles: Candle[];
  label: string;
  height: ChartHeight;
}) {
  const { success, error } = useTheme().palette;
  const cheapest = candles.reduce((min, c) => Math.min(min, c.low), Infinity);
  // Cheap coins need more decimals than 2 to show any movement at all.
  const precision = cheapest < 1 ? 6 : 2;
  const options = useMemo(
    () => ({
      upColor: success.main,
      downColor: error.main,
      wickUpColor: success.main,
      wickDownColor: error.main,
      borderVisible: false,
      priceFormat: { type: 'price' as const, precision, minMove: 10 ** -precision },
    }),
    [success.main, error.main, precision],
  );
  const data = useMemo(
    () =>
      candles.map((c) => ({
        time: Math.floor(c.time / 1000) as UTCTimestamp,
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
      })),
    [candles],
  );
  const container = useChart(CandlestickSeries, options, data);
  return <ChartFigure ref={container} label={label} height={height} />;
}
