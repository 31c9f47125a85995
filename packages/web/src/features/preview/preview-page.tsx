import { Alert, Button, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/api/get-session.ts';
import { ProfileView } from '../../components/profile-view.tsx';
import { usePortfolios } from '../contests/api/get-portfolios.ts';
import { usePublicProfile } from './api/get-public-profile.ts';

/** Your own PublicProfile, from the same route anyone else's comes from. */
function OwnPreview({ wallet }: { wallet: string }) {
  const { data: profile, error } = usePublicProfile(wallet);
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!profile) return <Skeleton variant="rounded" height={240} />;
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        This is how other traders see your profile. Change your picture and names on{' '}
        <RouterLink to="/account">Account</RouterLink>.
      </Alert>
      <ProfileView profile={profile} />
    </Stack>
  );
}

/**
 * Others know you by your main portfolio's wallet: while a contest portfolio is active (the app's
 * wallet is then the contest's), the preview looks the main one up first.
 */
function MainPreview({ wallet }: { wallet: string }) {
  const list = usePortfolios(wallet);
  const main = list.data?.find((p) => p.kind === 'MAIN')?.walletAddress;
  if (list.error) return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  if (!main) return <Skeleton variant="rounded" height={240} />;
  return <OwnPreview wallet={main} />;
}

/** /preview: your own public profile as others see it; visitors are asked to sign up. */
export default function PreviewPage() {
  const { data: user, isPending } = useSession();
  if (isPending) return <Skeleton variant="rounded" height={240} />;
  if (user?.portfolio?.kind === 'CONTEST') return <MainPreview wallet={user.walletAddress} />;
  if (user) return <OwnPreview wallet={user.walletAddress} />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto' }}>
      <Typography component="h1" variant="h5" fontWeight={700}>
        Profile preview
      </Typography>
      <Typography color="text.secondary">
        Log in to see how other traders see your profile, or sign up to start trading with demo
        money.
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to="/login" variant="outlined">
          Log in
        </Button>
        <Button component={RouterLink} to="/sign-up" variant="contained">
          Sign up
        </Button>
      </Stack>
    </Stack>
  );
}
