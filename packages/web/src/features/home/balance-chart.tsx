/** The balance line; this module (and lightweight-charts) loads only when the chart shows. */
import type { BalancePoint } from '@papertrade/domain';
import { Box, useTheme } from '@mui/material';
import {
  AreaSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';

/** lightweight-charts needs strictly increasing times in seconds: keep the last point per second. */
function toSeries(points: BalancePoint[]) {
  const bySecond = new Map<number, number>();
  for (const p of [...points].sort((a, b) => a.timestamp - b.timestamp))
    bySecond.set(Math.floor(p.timestamp / 1000), p.balance);
  return [...bySecond].map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

export default function BalanceChart({ points, label }: { points: BalancePoint[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const theme = useTheme();
  const colour = theme.palette.primary.main;

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, { autoSize: true });
    chart.current = created;
    series.current = created.addSeries(AreaSeries, {
      lineColor: colour,
      topColor: `${colour}66`,
      bottomColor: `${colour}05`,
      lineWidth: 2,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, [colour]);

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
    series.current?.setData(toSeries(points));
    chart.current?.timeScale().fitContent();
  }, [points, colour]);

  return (
    <Box
      ref={container}
      role="figure"
      aria-label={label}
      sx={{ width: '100%', height: { xs: 220, sm: 300 } }}
    />
  );
}
