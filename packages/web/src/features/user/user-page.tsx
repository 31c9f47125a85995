import { formatPercent, formatUsd, WalletAddress } from '@papertrade/domain';
import { Alert, Avatar, Grid, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { StatCard } from '../../components/stat-card.tsx';
import { WalletAddressLabel } from '../../components/wallet-address-label.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.tsx';
import { useUserDetails } from './api/get-user-details.ts';

/** /user?wallet=: a trader's public profile (your own full record when it is you). */
export default function UserPage() {
  const [params] = useSearchParams();
  const wallet = params.get('wallet') ?? '';
  const valid = WalletAddress.safeParse(wallet).success;
  const { data, error, isPending } = useUserDetails(wallet, valid);
  usePageTitle(data?.username);
  if (!valid) return <Alert severity="error">This profile link has no valid wallet address.</Alert>;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={240} />;
  const isPublic = 'totalBalance' in data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 800 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} alignItems="center">
          <Avatar src={data.avatar ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
            {data.username.charAt(0).toUpperCase()}
          </Avatar>
          <div>
            <Typography component="h2" variant="h5" fontWeight={700}>
              {data.displayName || data.username}
            </Typography>
            <Typography color="text.secondary">
              @{data.username} · {data.accountType} · joined {formatDateTime(data.createdAt)}
            </Typography>
            <WalletAddressLabel address={data.walletAddress} />
          </div>
        </Stack>
      </Paper>
      {isPublic ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <StatCard label="Total balance" value={formatUsd(data.totalBalance)} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <StatCard label="Return" value={formatPercent(data.returnPercentage)} />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <StatCard label="Followers" value={String(data.followers)} />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <StatCard label="Following" value={String(data.following)} />
          </Grid>
        </Grid>
      ) : (
        <Typography color="text.secondary">
          This is your own profile. Others see your total balance and return here.
        </Typography>
      )}
    </Stack>
  );
}
