import { centsToNumber, formatUsd, returnPercentage } from '@papertrade/domain';
import { signedPercent, signedUsd } from '../../lib/format.ts';
import { Alert, Grid, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { percentColor } from '../../lib/percent-color.ts';
import type { ReactNode } from 'react';
import { useUser } from '../../lib/api/get-session.ts';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { portfolioTotals, toCents } from '../../lib/portfolio.ts';
import { Deferred } from '../../components/deferred.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { OnboardingCard } from './onboarding-card.tsx';
import { BalanceHistoryCard } from './balance-history-card.tsx';
import { InsightCard } from './insight-card.tsx';
import { HoldingsTable } from '../../components/holdings-table.tsx';
import { NotificationsCard } from './notifications-card.tsx';
import { RecentActivity } from '../../components/recent-activity.tsx';
import { WatchlistGlance } from './watchlist-glance.tsx';
import { isWorkingOrder } from '../../lib/order-status.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6" fontWeight={700} gutterBottom>
        {title}
      </Typography>
      {children}
    </section>
  );
}

/** /home: balances, the balance chart, holdings, recent trades, notifications, the watchlist. */
export default function HomePage() {
  const user = useUser();
  const { data: assets, error } = useAllAssets();
  const totals = assets ? portfolioTotals(user, assets) : undefined;
  // Cash includes dollars set aside by working buy orders; buying power is what is free.
  const cashCents = user.limitPositions
    .filter((p) => isWorkingOrder(p) && p.type === 'PURCHASE')
    .reduce((sum, p) => sum + toCents(p.purchaseAsk ?? 0), toCents(user.balance));
  const change = totals ? totals.total - user.startingBalance : undefined;
  const changePct = totals
    ? returnPercentage(toCents(totals.total), toCents(user.startingBalance))
    : undefined;
  const changeText =
    change === undefined || changePct === undefined
      ? undefined
      : `${signedUsd(change)} (${signedPercent(changePct)}) since the start at ${formatUsd(user.startingBalance, 0)}`;
  return (
    <Stack spacing={3}>
      <OnboardingCard startingBalance={user.startingBalance} />
      {!user.emailVerified && (
        <Alert severity="info">
          We sent a verification link to {user.email}. Open it to verify your e-mail address.
        </Alert>
      )}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography variant="body2" color="text.secondary">
              Total balance
            </Typography>
            {/* data-price: greyed with every other price-made figure while prices are stale. */}
            <Typography variant="h4" component="p" fontWeight={700} data-price>
              {totals ? formatUsd(totals.total) : <Skeleton width="60%" />}
            </Typography>
            {changeText && (
              <Typography
                variant="body2"
                fontWeight={600}
                // The dollars lead the line, so they set its colour: +$1.85 (0.00%) is a gain.
                color={percentColor(change!)}
                data-price
              >
                {changeText}
              </Typography>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Cash" value={formatUsd(centsToNumber(cashCents))} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Buying power" value={formatUsd(user.balance)} />
        </Grid>
      </Grid>
      <BalanceHistoryCard wallet={user.walletAddress} />
      <Deferred>
        <InsightCard wallet={user.walletAddress} />
      </Deferred>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          {/* Tables below the chart: rendered in a second, shorter task after the first screen. */}
          <Deferred>
            <Stack spacing={3}>
              <Section id="holdings-heading" title="Holdings">
                {assets && <HoldingsTable user={user} assets={assets} />}
              </Section>
              <Section id="activity-heading" title="Recent activity">
                <RecentActivity user={user} />
              </Section>
            </Stack>
          </Deferred>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            <NotificationsCard user={user} />
            <Section id="watch-heading" title="Watchlist">
              <Deferred>{assets && <WatchlistGlance user={user} assets={assets} />}</Deferred>
            </Section>
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
