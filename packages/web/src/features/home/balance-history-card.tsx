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
import { useBalanceHistory, type BalanceRange } from './api/get-balance-history.ts';

const BalanceChart = lazy(() => import('./balance-chart.tsx'));

const RANGES: { value: BalanceRange; label: string; long: string }[] = [
  { value: 1, label: '1D', long: 'last day' },
  { value: 7, label: '7D', long: 'last 7 days' },
  { value: 30, label: '30D', long: 'last 30 days' },
  { value: 'max', label: 'Max', long: 'all time' },
];

export function BalanceHistoryCard({ wallet }: { wallet: string }) {
  const [range, setRange] = useState<BalanceRange>(7);
  const { data: points, error, isPending } = useBalanceHistory(wallet, range);
  const current = RANGES.find((r) => r.value === range) ?? RANGES[1]!;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby="balance-chart-heading"
    >
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
        <Typography id="balance-chart-heading" component="h2" variant="subtitle1" fontWeight={700}>
          Balance history
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range}
          onChange={(_, next: BalanceRange | null) => next && setRange(next)}
          aria-label="Balance range"
        >
          {RANGES.map((r) => (
            <ToggleButton key={r.label} value={r.value}>
              {r.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isPending && <Skeleton variant="rounded" sx={{ height: { xs: 220, sm: 300 } }} />}
      {points && (
        <Suspense fallback={<Skeleton variant="rounded" sx={{ height: { xs: 220, sm: 300 } }} />}>
          <BalanceChart points={points} label={`Total balance, ${current.long}`} />
        </Suspense>
      )}
    </Paper>
  );
}
