import {
  Alert,
  Button,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { lazy, Suspense, useState } from 'react';
import { AssetList } from '../../components/asset-list.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useUser } from '../auth/api/get-session.ts';
import { useAllAssets } from '../market/api/get-all-assets.ts';
import { toggleSymbol, useUpdateWatchlist } from './api/update-watchlist.ts';

const AssetSearchDialog = lazy(() => import('../../components/asset-search-dialog.tsx'));

export default function WatchlistPage() {
  const user = useUser();
  const { data: assets, isPending } = useAllAssets();
  const update = useUpdateWatchlist(user.walletAddress);
  const [adding, setAdding] = useState(false);
  const watched = (assets ?? []).filter((a) => user.watchlist.includes(a.symbol));
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography color="text.secondary">{user.watchlist.length} watched</Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>
          Add asset
        </Button>
      </Stack>
      {update.error && <Alert severity="error">{errorMessage(update.error)}</Alert>}
      {isPending && <Skeleton variant="rounded" height={200} />}
      {assets && watched.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>
            Your watchlist is empty. Add the assets you want to keep an eye on.
          </Typography>
        </Paper>
      )}
      {watched.length > 0 && (
        <AssetList
          assets={watched}
          label="Watchlist"
          action={(asset) => (
            <Tooltip title="Remove">
              <IconButton
                aria-label={`Remove ${asset.symbol} from watchlist`}
                disabled={update.isPending}
                onClick={() => update.mutate(toggleSymbol(user.watchlist, asset.symbol))}
              >
                <DeleteOutline />
              </IconButton>
            </Tooltip>
          )}
        />
      )}
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
