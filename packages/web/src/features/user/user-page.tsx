import { WalletAddress } from '@papertrade/domain';
import { Alert, Button, Skeleton, Stack } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.tsx';
import { useSession } from '../../lib/api/get-session.ts';
import { useUserDetails } from './api/get-user-details.ts';
import { FollowButton } from '../../components/follow-button.tsx';
import { ProfileView } from '../../components/profile-view.tsx';

/** /user?wallet=: a trader's public profile with Follow; your own sends you to /preview. */
export default function UserPage() {
  const [params] = useSearchParams();
  const wallet = params.get('wallet') ?? '';
  const valid = WalletAddress.safeParse(wallet).success;
  const { data: me } = useSession();
  const { data, error, isPending } = useUserDetails(wallet, valid);
  usePageTitle(data?.username);
  if (!valid) return <Alert severity="error">This profile link has no valid wallet address.</Alert>;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={240} />;
  if (!('totalBalance' in data)) {
    return (
      <Stack spacing={2} alignItems="flex-start">
        <Alert severity="info">This is your own profile.</Alert>
        <Button component={RouterLink} to="/preview" variant="contained">
          See how others see you
        </Button>
      </Stack>
    );
  }
  return (
    <ProfileView
      profile={data}
      action={
        me ? (
          <FollowButton
            myWallet={me.walletAddress}
            wallet={data.walletAddress}
            username={data.username}
            followed={data.followedByMe}
          />
        ) : (
          <Button component={RouterLink} to="/login" variant="outlined">
            Log in to follow
          </Button>
        )
      }
    />
  );
}
