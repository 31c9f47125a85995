import { Alert, Button, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AssetList } from '../../components/asset-list.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAllAssets } from '../market/api/get-all-assets.ts';
import { useSession } from '../auth/api/get-session.ts';

/** /preview: a read-only look at the market, for anyone. */
export default function PreviewPage() {
  const { data: assets, isPending, error } = useAllAssets();
  const { data: user } = useSession();
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
      {!user && (
        <>
          <Typography component="h1" variant="h5" fontWeight={700}>
            Market preview
          </Typography>
          <Typography color="text.secondary">
            Live simulated prices. Sign up to trade them with demo money.
          </Typography>
          <Button
            component={RouterLink}
            to="/sign-up"
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
          >
            Sign up
          </Button>
        </>
      )}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isPending && <Skeleton variant="rounded" height={320} />}
      {assets && <AssetList assets={assets} label="Market" />}
    </Stack>
  );
}
