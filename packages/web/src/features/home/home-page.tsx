import { formatUsd } from '@papertrade/domain';
import { Alert, Grid, Stack, Typography } from '@mui/material';
import { useUser } from '../auth/api/get-session.ts';
import { useAllAssets } from '../market/api/get-all-assets.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { portfolioTotals } from '../../lib/portfolio.ts';
import { StatCard } from '../../components/stat-card.tsx';
import { HoldingsTable } from './holdings-table.tsx';
import { RecentActivity } from './recent-activity.tsx';

/** A first home page: the balances, the holdings and the latest trades. */
export default function HomePage() {
  const user = useUser();
  const { data: assets, error } = useAllAssets();
  const totals = assets ? portfolioTotals(user, assets) : undefined;
  return (
    <Stack spacing={3}>
      {!user.emailVerified && (
        <Alert severity="info">
          We sent a verification link to {user.email}. Open it to verify your e-mail address.
        </Alert>
      )}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <StatCard label="Total balance" value={totals && formatUsd(totals.total)} big />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Cash" value={formatUsd(user.balance)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Holdings" value={totals && formatUsd(totals.holdings)} />
        </Grid>
      </Grid>
      <section aria-labelledby="holdings-heading">
        <Typography id="holdings-heading" component="h2" variant="h6" fontWeight={700} gutterBottom>
          Holdings
        </Typography>
        {assets && <HoldingsTable user={user} assets={assets} />}
      </section>
      <section aria-labelledby="activity-heading">
        <Typography id="activity-heading" component="h2" variant="h6" fontWeight={700} gutterBottom>
          Recent activity
        </Typography>
        <RecentActivity user={user} />
      </section>
    </Stack>
  );
}
