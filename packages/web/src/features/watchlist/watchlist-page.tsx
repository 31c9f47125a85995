import { Alert, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import StarBorder from '@mui/icons-material/StarBorder';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AssetList } from '../../components/asset-list.tsx';
import { useTradeDialog } from '../trading/index.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useUser } from '../../lib/api/get-session.ts';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import { toggleSymbol, useUpdateWatchlist } from '../../lib/api/update-watchlist.ts';

const AssetSearchDialog = lazy(() => import('../../components/asset-search-dialog.tsx'));

/** /watchlist: the starred assets with live prices; the star in each row unwatches. */
export default function WatchlistPage() {
  const user = useUser();
  const { data: assets, isPending, error } = useAllAssets();
  const update = useUpdateWatchlist(user.walletAddress);
  const { openTrade, dialog } = useTradeDialog();
  const [adding, setAdding] = useState(false);
  // Keep the user's order (newest star last).
  const watched = user.watchlist.flatMap(
    (symbol) => assets?.find((a) => a.symbol === symbol) ?? [],
  );
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography color="text.secondary">
          {user.watchlist.length} {user.watchlist.length === 1 ? 'asset' : 'assets'} watched
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>
          Add asset
        </Button>
      </Stack>
      {(update.error ?? error) && (
        <Alert severity="error">{errorMessage(update.error ?? error)}</Alert>
      )}
      {isPending && <Skeleton variant="rounded" height={200} />}
      {assets && watched.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <StarBorder sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          <Typography component="h2" variant="h6" fontWeight={700}>
            Your watchlist is empty
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Tap the star next to any asset to follow its price here.
          </Typography>
          <Button component={RouterLink} to="/explore" variant="outlined">
            Explore assets
          </Button>
        </Paper>
      )}
      {watched.length > 0 && (
        <AssetList
          assets={watched}
          label="Watchlist"
          action={(asset) => (
            <Button
              size="small"
              variant="contained"
              aria-label={`Buy ${asset.symbol}`}
              onClick={() => openTrade(asset)}
            >
              Buy
            </Button>
          )}
        />
      )}
      {dialog}
      {adding && (
        <Suspense fallback={null}>
          <AssetSearchDialog
            open
            title="Add to watchlist"
            onClose={() => setAdding(false)}
            onPick={(asset) => {
              setAdding(false);
              if (!user.watchlist.includes(asset.symbol))
                update.mutate(toggleSymbol(user.watchlist, asset.symbol));
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
