import { Box, Typography } from '@mui/material';
import { lazy, useEffect, useState } from 'react';
import { ChartCard } from '../../components/chart-card.tsx';
import { useUser } from '../../lib/api/get-session.ts';
import { useBalanceHistory, type BalanceRange } from './api/get-balance-history.ts';
import { formatDateTime } from '../../lib/format.ts';
import { hasTraded, historyStart } from './balance-history-view.ts';

const loadChart = () => import('./balance-chart.tsx');
const BalanceChart = lazy(loadChart);

const RANGES: { value: BalanceRange; label: string; long: string }[] = [
  { value: 1, label: '1D', long: 'last day' },
  { value: 7, label: '7D', long: 'last 7 days' },
  { value: 30, label: '30D', long: 'last 30 days' },
  { value: 'max', label: 'Max', long: 'all time' },
];
const HEIGHT = { xs: 220, sm: 300 };

export function BalanceHistoryCard({ wallet }: { wallet: string }) {
  const [range, setRange] = useState<BalanceRange>(7);
  const query = useBalanceHistory(wallet, range);
  // The chart's code downloads while its data does, not after the data has come.
  useEffect(() => {
    loadChart().catch(() => undefined);
  }, []);
  const current = RANGES.find((r) => r.value === range) ?? RANGES[1]!;
  // Before the first fill the history is the starting balance twice, seconds apart: a flat stub
  // with one time label twice. Say so instead.
  const user = useUser();
  const traded = hasTraded(user.history);
  // A history younger than the range fills the chart from its start: say where that is.
  const start =
    query.data && traded ? historyStart(query.data, user.resetAccountData ?? user.createdAt) : null;
  return (
    <ChartCard
      title="Balance history"
      headingId="balance-chart-heading"
      toggle={{ label: 'Balance range', choices: RANGES, value: range, onChange: setRange }}
      query={query}
      height={HEIGHT}
      footer={
        start !== null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            History starts {formatDateTime(start)}, when you{' '}
            {user.resetAccountData === null ? 'opened the account' : 'reset the account'}.
          </Typography>
        )
      }
    >
      {query.data && !traded && (
        <Box sx={{ height: HEIGHT, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
          <Typography color="text.secondary">
            Your balance history starts with your first trade.
          </Typography>
        </Box>
      )}
      {query.data && traded && (
        <BalanceChart
          points={query.data}
          label={`Total balance, ${current.long}`}
          height={HEIGHT}
        />
      )}
    </ChartCard>
  );
}
