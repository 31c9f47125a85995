import { formatUsd, type PublicProfile } from '@papertrade/domain';
import { Avatar, Grid, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { StatCard } from './stat-card.tsx';
import { WalletAddressLabel } from './wallet-address-label.tsx';
import { signedPercent } from '../lib/format.ts';

const TYPE_LABELS = { PERSONAL: 'Personal', DEMO: 'Demo', STUDENT: 'Student', TEACHER: 'Teacher' };
const joined = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

/** A trader as everyone sees them (used by /user and by /preview for your own). */
export function ProfileView({ profile, action }: { profile: PublicProfile; action?: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 800 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <Avatar src={profile.avatar ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
            {profile.username.charAt(0).toUpperCase()}
          </Avatar>
          <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography
              component="h2"
              variant="h5"
              fontWeight={700}
              sx={{ wordBreak: 'break-word' }}
            >
              {profile.displayName || profile.username}
            </Typography>
            <Typography color="text.secondary">
              @{profile.username} · {TYPE_LABELS[profile.accountType]} · joined{' '}
              {joined.format(profile.createdAt)}
            </Typography>
            <WalletAddressLabel address={profile.walletAddress} />
          </Stack>
          {action}
        </Stack>
      </Paper>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <StatCard label="Total balance" value={formatUsd(profile.totalBalance)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <StatCard label="Return" value={signedPercent(profile.returnPercentage)} />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <StatCard label="Followers" value={String(profile.followers)} />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <StatCard label="Following" value={String(profile.following)} />
        </Grid>
      </Grid>
    </Stack>
  );
}
