/** The top traders' returns, one line each; this module (and lightweight-charts) loads only when shown. */
import { formatPercent, type ReturnsSeries } from '@papertrade/domain';
import { useTheme } from '@mui/material';
import {
  ColorType,
  createChart,
  LineSeries,
  type IChartApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { ChartFigure, type ChartHeight } from '../../components/chart-card.tsx';

/** lightweight-charts needs strictly increasing times in seconds: keep the last point per second. */
export function toLine(points: ReturnsSeries['points']) {
  const bySecond = new Map<number, number>();
  for (const p of [...points].sort((a, b) => a.timestamp - b.timestamp))
    bySecond.set(Math.floor(p.timestamp / 1000), p.returnPercentage);
  return [...bySecond].map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

export default function ReturnsChart({
  series,
  colours,
  label,
  height,
}: {
  series: ReturnsSeries[];
  colours: readonly string[];
  label: string;
  height: ChartHeight;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const theme = useTheme();

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, {
      autoSize: true,
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
      // Returns, not prices: "+1.25%" on the axis and the crosshair.
      localization: { priceFormatter: (v: number) => formatPercent(v) },
    });
    chart.current = created;
    series.forEach((s, i) => {
      const line = created.addSeries(LineSeries, {
        color: colours[i % colours.length],
        lineWidth: 2,
        title: s.username,
        priceFormat: { type: 'custom', formatter: (v: number) => formatPercent(v), minMove: 0.01 },
      });
      line.setData(toLine(s.points));
    });
    created.timeScale().fitContent();
    return () => {
      created.remove();
      chart.current = null;
    };
  }, [series, colours, theme]);

  return <ChartFigure ref={container} label={label} height={height} />;
}
