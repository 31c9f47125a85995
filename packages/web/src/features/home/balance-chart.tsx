/** The balance line; this module (and lightweight-charts) loads only when the chart shows. */
import type { BalancePoint } from '@papertrade/domain';
import { useTheme } from '@mui/material';
import { AreaSeries, type UTCTimestamp } from 'lightweight-charts';
import { useMemo } from 'react';
import { ChartFigure, type ChartHeight } from '../../components/chart-card.tsx';
import { minimumRangeAutoscale } from '../../lib/chart-scale.ts';
import { useChart } from '../../lib/use-chart.ts';
import { chartSeries } from './balance-history-view.ts';

// A flat day moves a balance by cents: showing at least 1% of it keeps that line flat.
const autoscaleInfoProvider = minimumRangeAutoscale(0.01);

export default function BalanceChart({
  points,
  label,
  height,
}: {
  points: BalancePoint[];
  label: string;
  height: ChartHeight;
}) {
  const colour = useTheme().palette.primary.main;
  const options = useMemo(
    () => ({
      lineColor: colour,
      topColor: `${colour}66`,
      bottomColor: `${colour}05`,
      lineWidth: 2 as const,
      priceFormat: { type: 'price' as const, precision: 2, minMove: 0.01 },
      autoscaleInfoProvider,
    }),
    [colour],
  );
  const data = useMemo(
    () => chartSeries(points).map((p) => ({ time: p.time as UTCTimestamp, value: p.value })),
    [points],
  );
  // The time axis's labels follow the app's rule (lib/time-axis.ts): points seconds apart (a first
  // trade just made) get their seconds. A new account's few points span the whole width.
  const container = useChart(AreaSeries, options, data, { edgeToEdge: true });
  return <ChartFigure ref={container} label={label} height={height} />;
}
