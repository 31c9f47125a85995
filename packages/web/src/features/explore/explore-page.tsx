import { Alert, Grid, Skeleton, Typography } from '@mui/material';
import { AssetList } from '../../components/asset-list.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAllAssets } from '../market/api/get-all-assets.ts';

/** A first explore page: today's biggest movers up and down. */
export default function ExplorePage() {
  const { data: assets, isPending, error } = useAllAssets();
  if (error && !assets) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={320} />;
  const sorted = [...assets].sort((a, b) => b.dayChangePercentage - a.dayChangePercentage);
  const gainers = sorted.filter((a) => a.dayChangePercentage > 0).slice(0, 5);
  const losers = sorted
    .filter((a) => a.dayChangePercentage < 0)
    .reverse()
    .slice(0, 5);
  const column = (title: string, list: typeof assets) => (
    <Grid size={{ xs: 12, md: 6 }}>
      <Typography component="h2" variant="h6" fontWeight={700} gutterBottom>
        {title}
      </Typography>
      {list.length > 0 ? (
        <AssetList assets={list} label={title} />
      ) : (
        <Typography color="text.secondary">None today.</Typography>
      )}
    </Grid>
  );
  return (
    <Grid container spacing={3}>
      {column('Top gainers', gainers)}
      {column('Top losers', losers)}
    </Grid>
  );
}
