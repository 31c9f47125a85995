/** The top traders' returns, one line each; this module (and lightweight-charts) loads only when shown. */
import { formatPercent, type ReturnsSeries } from '@papertrade/domain';
import { useTheme } from '@mui/material';
import {
  ColorType,
  createChart,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { ChartFigure, type ChartHeight } from '../../components/chart-card.tsx';
import { removeAfterCleanups } from '../../lib/use-chart.ts';
import { useTimeAxis } from '../../lib/use-time-axis.ts';

/** lightweight-charts needs strictly increasing times in seconds: keep the last point per second. */
export function toLine(points: ReturnsSeries['points']) {
  const bySecond = new Map<number, number>();
  for (const p of [...points].sort((a, b) => a.timestamp - b.timestamp))
    bySecond.set(Math.floor(p.timestamp / 1000), p.returnPercentage);
  return [...bySecond].map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

const percent = (v: number) => formatPercent(v);

/**
 * The chart is made once; the lines are set again when the series change (the board moved a
 * last point, a new fetch), so following the board neither flickers nor loses the user's zoom
 * more than a refit does.
 */
export default function ReturnsChart({
  series,
  colours,
  label,
  height,
}: {
  series: readonly ReturnsSeries[];
  colours: readonly string[];
  label: string;
  height: ChartHeight;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<IChartApi | null>(null);
  const lines = useRef<ISeriesApi<'Line'>[]>([]);
  const theme = useTheme();

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, {
      autoSize: true,
      // Returns, not prices: "+1.25%" on the axis and the crosshair.
      localization: { priceFormatter: percent },
    });
    setChart(created);
    return () => {
      setChart(null);
      lines.current = [];
      removeAfterCleanups(created);
    };
  }, []);

  useEffect(() => {
    chart?.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: theme.palette.background.paper },
        textColor: theme.palette.text.primary,
      },
      grid: {
        vertLines: { color: theme.palette.divider },
        horzLines: { color: theme.palette.divider },
      },
      timeScale: { timeVisible: true, borderColor: theme.palette.divider },
      rightPriceScale: { borderColor: theme.palette.divider },
    });
  }, [chart, theme]);

  useEffect(() => {
    if (!chart) return;
    const drawn = lines.current;
    while (drawn.length > series.length) chart.removeSeries(drawn.pop()!);
    series.forEach((s, i) => {
      const options = {
        color: colours[i % colours.length],
        lineWidth: 2 as const,
        title: s.username,
        priceFormat: { type: 'custom' as const, formatter: percent, minMove: 0.01 },
      };
      const line = drawn[i] ?? chart.addSeries(LineSeries, options);
      if (drawn[i]) line.applyOptions(options);
      drawn[i] = line;
      line.setData(toLine(s.points));
    });
    chart.timeScale().fitContent();
  }, [chart, series, colours]);

  useTimeAxis(chart);

  return <ChartFigure ref={container} label={label} height={height} />;
}
