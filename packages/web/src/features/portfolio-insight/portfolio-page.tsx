import { formatPrice, formatUsd, type PortfolioInsight, type User } from '@papertrade/domain';
import { Alert, Button, Grid, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { StatCard } from '../../components/stat-card.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { percentColor } from '../../lib/percent-color.ts';
import { useUser } from '../../lib/api/get-session.ts';
import { AllocationDonut } from './allocation-donut.tsx';
import { usePortfolioInsight } from './api/get-portfolio-insight.ts';
import { benchmarkVerdict, hasActivity } from '../../lib/insight-text.ts';
import { signedPercent, signedUsd } from '../../lib/format.ts';
import { allocationSlices } from './insight-view.ts';
import { PositionsTable } from './positions-table.tsx';
import { holdingSplit, reservedNote } from '../../lib/holding-split.ts';
import { TradeList } from './trade-list.tsx';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: 2, height: '100%' }}
    >
      <Typography id={id} component="h2" variant="subtitle1" fontWeight={700} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const dateText = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function Benchmark({ insight }: { insight: PortfolioInsight }) {
  const b = insight.benchmark;
  if (!b)
    return (
      <Typography color="text.secondary">
        No Bitcoin price history reaches your start yet.
      </Typography>
    );
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap">
        <div>
          <Typography variant="body2" color="text.secondary">
            Your portfolio
          </Typography>
          <Typography
            variant="h6"
            component="p"
            fontWeight={700}
            color={percentColor(insight.returnPercentage)}
          >
            {signedPercent(insight.returnPercentage)}
          </Typography>
        </div>
        <div>
          <Typography variant="body2" color="text.secondary">
            Holding {b.symbol} instead
          </Typography>
          <Typography
            variant="h6"
            component="p"
            fontWeight={700}
            color={percentColor(b.returnPercentage)}
          >
            {signedPercent(b.returnPercentage)}
          </Typography>
        </div>
      </Stack>
      <Typography fontWeight={600}>{benchmarkVerdict(insight)}</Typography>
      <Typography variant="body2" color="text.secondary">
        Your {formatUsd(insight.startingBalance)} put into {b.symbol} at $
        {formatPrice(b.startPrice)} on {dateText(b.since)} would be worth {formatUsd(b.value)}{' '}
        today.
      </Typography>
    </Stack>
  );
}

function EmptyState() {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography component="h2" variant="h6" fontWeight={700} gutterBottom>
        No trades yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your money is all cash. Once you buy an asset, this page shows how your portfolio is split,
        what each position has gained or lost, your best and worst sales, and how you compare with
        simply holding Bitcoin.
      </Typography>
      <Button component={RouterLink} to="/assets" variant="contained">
        Browse assets
      </Button>
    </Paper>
  );
}

function Insight({ insight, user }: { insight: PortfolioInsight; user: User }) {
  const realised = insight.realisedPnl;
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatCard label="Total balance" value={formatUsd(insight.totalBalance)} price />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          {/* Coloured as /home colours it: green a gain, red a loss, grey $0.00. */}
          <StatCard
            label="Unrealised P&L"
            value={signedUsd(insight.unrealisedPnl)}
            color={percentColor(insight.unrealisedPnl)}
            price
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <StatCard
            label="Realised P&L"
            value={realised === null ? 'Not available' : signedUsd(realised)}
            color={realised === null ? undefined : percentColor(realised)}
          />
        </Grid>
      </Grid>
      {!insight.realisedAvailable && (
        <Alert severity="info">
          Realised P&L is worked out from every trade since your last reset; this portfolio has more
          than 20,000, too many to add up on each visit. Unrealised P&L and the allocation are
          complete.
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card id="allocation-heading" title="Allocation">
            <AllocationDonut slices={allocationSlices(insight.allocation)} />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card id="benchmark-heading" title="Return against holding Bitcoin">
            <Benchmark insight={insight} />
          </Card>
        </Grid>
      </Grid>
      <Card id="positions-heading" title="Profit and loss by position">
        <PositionsTable
          positions={insight.positions}
          reserved={(symbol) => reservedNote(holdingSplit(user, symbol))}
        />
      </Card>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card id="best-heading" title="Best trades">
            <TradeList
              label="Best trades"
              trades={insight.bestTrades}
              empty="No sale with a gain yet."
            />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card id="worst-heading" title="Worst trades">
            <TradeList
              label="Worst trades"
              trades={insight.worstTrades}
              empty="No sale with a loss yet."
            />
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
}

/** /portfolio: where the money is, what it made (realised and not), and against holding Bitcoin. */
export default function PortfolioPage() {
  const user = useUser();
  const { data, error, isPending } = usePortfolioInsight(user.walletAddress);
  if (error && !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading portfolio insight">
        <Skeleton variant="rounded" height={88} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  return hasActivity(data) ? <Insight insight={data} user={user} /> : <EmptyState />;
}
