import type { CandleInterval } from '@papertrade/domain';
import { Typography } from '@mui/material';
import { lazy, useState } from 'react';
import { ChartCard } from '../../components/chart-card.tsx';
import { useCandles } from '../market/api/get-candles.ts';

const CandleChart = lazy(() => import('./candle-chart.tsx'));

const INTERVALS = {
  label: 'Candle interval',
  choices: (['1m', '1h', '1d'] as const).map((i) => ({ value: i, label: i })),
};
const HEIGHT = { xs: 280, sm: 380 };

export function PriceChart({ assetId, name }: { assetId: string; name: string }) {
  const [interval, setInterval] = useState<CandleInterval>('1h');
  const query = useCandles(assetId, interval);
  const candles = query.data;
  return (
    <ChartCard
      title="Price chart"
      toggle={{ ...INTERVALS, value: interval, onChange: setInterval }}
      query={query}
      height={HEIGHT}
    >
      {candles &&
        (candles.length === 0 ? (
          <Typography color="text.secondary">No price history yet.</Typography>
        ) : (
          <CandleChart
            candles={candles}
            label={`${name} price, ${interval} candles`}
            height={HEIGHT}
          />
        ))}
    </ChartCard>
  );
}
