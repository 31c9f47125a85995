/** The candlestick chart; this module (and lightweight-charts) loads only on /asset. */
import type { Candle } from '@papertrade/domain';
import { Box, useTheme } from '@mui/material';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';

export default function CandleChart({ candles, label }: { candles: Candle[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const theme = useTheme();

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, { autoSize: true });
    chart.current = created;
    series.current = created.addSeries(CandlestickSeries, {
      upColor: theme.palette.success.main,
      downColor: theme.palette.error.main,
      wickUpColor: theme.palette.success.main,
      wickDownColor: theme.palette.error.main,
      borderVisible: false,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, [theme.palette.success.main, theme.palette.error.main]);

  useEffect(() => {
    chart.current?.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: theme.palette.background.paper },
        textColor: theme.palette.text.primary,
      },
      grid: {
        vertLines: { color: theme.palette.divider },
        horzLines: { color: theme.palette.divider },
      },
      timeScale: { timeVisible: true, secondsVisible: false, borderColor: theme.palette.divider },
      rightPriceScale: { borderColor: theme.palette.divider },
    });
  }, [theme]);

  useEffect(() => {
    const cheapest = candles.reduce((min, c) => Math.min(min, c.low), Infinity);
    // Cheap coins need more decimals than 2 to show any movement at all.
    const precision = cheapest < 1 ? 6 : 2;
    series.current?.applyOptions({
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
    series.current?.setData(
      candles.map((c) => ({
        time: Math.floor(c.time / 1000) as UTCTimestamp,
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
      })),
    );
    chart.current?.timeScale().fitContent();
  }, [candles]);

  return (
    <Box
      ref={container}
      role="figure"
      aria-label={label}
      sx={{ width: '100%', height: { xs: 280, sm: 380 } }}
    />
  );
}
