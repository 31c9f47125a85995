import { Button } from '@mui/material';
import { useFollow, useFollowing } from '../lib/api/follow.ts';

/** Follow / Unfollow one trader; hidden for yourself. `followed` overrides the looked-up state. */
export function FollowButton({
  myWallet,
  wallet,
  username,
  followed,
}: {
  myWallet: string;
  wallet: string;
  username: string;
  followed?: boolean;
}) {
  const following = useFollowing(myWallet);
  const follow = useFollow(myWallet);
  if (wallet.toLowerCase() === myWallet.toLowerCase()) return null;
  const isFollowing =
    followed ??
    following.data?.some((f) => f.walletAddress.toLowerCase() === wallet.toLowerCase()) ??
    false;
  return (
    <Button
      size="small"
      variant={isFollowing ? 'outlined' : 'contained'}
      aria-label={`${isFollowing ? 'Unfollow' : 'Follow'} ${username}`}
      disabled={follow.isPending || following.isPending}
      onClick={() => follow.mutate({ walletAddress: wallet, follow: !isFollowing })}
      title={follow.error?.message}
    >
      {isFollowing ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
