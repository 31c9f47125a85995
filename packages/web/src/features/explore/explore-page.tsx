import { formatUsd, formatUsdCompact, type Asset } from '@papertrade/domain';
import { Alert, Grid, Paper, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { AssetList } from '../../components/asset-list.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import { useMostTraded } from './api/get-most-traded.ts';
import { groupByCategory } from './categories.ts';

const tabId = (name: string) => `cat-tab-${name.toLowerCase().replace(/\W+/g, '-')}`;

function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = `explore-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6" fontWeight={700} gutterBottom>
        {title}
      </Typography>
      {children}
    </section>
  );
}

function MostTraded({ assets }: { assets: Asset[] }) {
  const { data, error, isPending } = useMostTraded(7);
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={200} />;
  const rows = data.flatMap((row) => {
    const asset = assets.find((a) => a.symbol === row.symbol);
    return asset ? [{ asset, row }] : [];
  });
  if (rows.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography color="text.secondary">
          No trades on the platform in the last 7 days.
        </Typography>
      </Paper>
    );
  const byAsset = new Map(rows.map(({ asset, row }) => [asset.symbol, row]));
  return (
    <AssetList
      assets={rows.map((r) => r.asset)}
      label="Most traded this week"
      action={(asset) => {
        const row = byAsset.get(asset.symbol);
        return (
          row && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ minWidth: 88, textAlign: 'right' }}
              title={`${formatUsd(row.volume)} traded`}
            >
              {row.count} {row.count === 1 ? 'trade' : 'trades'}
              <br />
              {formatUsdCompact(row.volume)}
            </Typography>
          )
        );
      }}
    />
  );
}

/** /explore: today's movers, what the platform trades, and every asset by category. */
export default function ExplorePage() {
  const { data: assets, isPending, error } = useAllAssets();
  const [category, setCategory] = useState(0);
  if (error && !assets) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={320} />;
  const sorted = [...assets].sort((a, b) => b.dayChangePercentage - a.dayChangePercentage);
  const gainers = sorted.filter((a) => a.dayChangePercentage > 0).slice(0, 5);
  const losers = sorted
    .filter((a) => a.dayChangePercentage < 0)
    .reverse()
    .slice(0, 5);
  const groups = groupByCategory(assets);
  const group = groups[Math.min(category, groups.length - 1)];
  const movers = (title: string, list: Asset[]) => (
    <Grid size={{ xs: 12, md: 6 }}>
      <Block title={title}>
        {list.length > 0 ? (
          <AssetList assets={list} label={title} />
        ) : (
          <Typography color="text.secondary">None today.</Typography>
        )}
      </Block>
    </Grid>
  );
  return (
    <Stack spacing={3}>
      <Grid container spacing={3}>
        {movers('Top gainers', gainers)}
        {movers('Top losers', losers)}
      </Grid>
      <Block title="Most traded this week">
        <MostTraded assets={assets} />
      </Block>
      <Block title="By category">
        <Tabs
          value={Math.min(category, groups.length - 1)}
          onChange={(_, v: number) => setCategory(v)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Asset categories"
          sx={{ mb: 1 }}
        >
          {groups.map((g) => (
            <Tab key={g.name} label={g.name} id={tabId(g.name)} aria-controls="cat-panel" />
          ))}
        </Tabs>
        {group && (
          <div role="tabpanel" id="cat-panel" aria-labelledby={tabId(group.name)}>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {group.description}
            </Typography>
            <AssetList assets={group.assets} label={group.name} />
          </div>
        )}
      </Block>
    </Stack>
  );
}
