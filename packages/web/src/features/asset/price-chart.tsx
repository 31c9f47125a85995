import type { CandleInterval } from '@papertrade/domain';
import {
  Alert,
  Box,
  Paper,
  Skeleton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { useCandles } from '../market/api/get-candles.ts';

const CandleChart = lazy(() => import('./candle-chart.tsx'));

const INTERVALS: CandleInterval[] = ['1m', '1h', '1d'];

export function PriceChart({ assetId, name }: { assetId: string; name: string }) {
  const [interval, setInterval] = useState<CandleInterval>('1h');
  const { data: candles, error, isPending } = useCandles(assetId, interval);
  const chartHeight = { xs: 280, sm: 380 };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1,
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography component="h2" variant="subtitle1" fontWeight={700}>
          Price chart
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={interval}
          onChange={(_, next: CandleInterval | null) => next && setInterval(next)}
          aria-label="Candle interval"
        >
          {INTERVALS.map((i) => (
            <ToggleButton key={i} value={i}>
              {i}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isPending && <Skeleton variant="rounded" sx={{ height: chartHeight }} />}
      {candles && candles.length === 0 && (
        <Typography color="text.secondary">No price history yet.</Typography>
      )}
      {candles && candles.length > 0 && (
        <Suspense fallback={<Skeleton variant="rounded" sx={{ height: chartHeight }} />}>
          <CandleChart candles={candles} label={`${name} price, ${interval} candles`} />
        </Suspense>
      )}
    </Paper>
  );
}
