import type { Asset, User } from '@papertrade/domain';
import { Button, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AssetList } from '../../components/asset-list.tsx';

export function WatchlistGlance({ user, assets }: { user: User; assets: Asset[] }) {
  const watched = assets.filter((a) => user.watchlist.includes(a.symbol)).slice(0, 5);
  if (watched.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography color="text.secondary" gutterBottom>
          Star assets to follow their prices here.
        </Typography>
        <Button component={RouterLink} to="/explore" size="small">
          Explore assets
        </Button>
      </Paper>
    );
  }
  return (
    <>
      <AssetList assets={watched} label="Watchlist at a glance" />
      <Button component={RouterLink} to="/watchlist" size="small" sx={{ mt: 1 }}>
        Open watchlist
      </Button>
    </>
  );
}
