import { formatPrice, formatUsdCompact, formatUsd, type Asset } from '@papertrade/domain';
import { Box, Paper, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useDayStats } from '../market/api/get-day-stats.ts';
import { assetAbout } from './asset-about.ts';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" fontWeight={600} sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The asset's last 24 hours (range, PaperTrade volume) and a short text about it. */
export function AssetFacts({ asset, name }: { asset: Asset; name: string }) {
  const { data } = useDayStats(asset.id);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="asset-facts-heading"
      sx={{ p: 2 }}
    >
      <Typography
        id="asset-facts-heading"
        component="h2"
        variant="subtitle1"
        fontWeight={700}
        gutterBottom
      >
        About {name}
      </Typography>
      <Typography sx={{ mb: 2 }}>{assetAbout(asset.symbol, name)}</Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
        <Fact term="24 h range">
          {data ? (
            `$${formatPrice(data.low)} – $${formatPrice(data.high)}`
          ) : (
            <Skeleton width={140} />
          )}
        </Fact>
        <Fact term="24 h volume on PaperTrade">
          {data ? (
            <span title={formatUsd(data.volume)}>
              {formatUsdCompact(data.volume)} ({data.trades.toLocaleString('en-US')}{' '}
              {data.trades === 1 ? 'trade' : 'trades'})
            </span>
          ) : (
            <Skeleton width={120} />
          )}
        </Fact>
      </Box>
    </Paper>
  );
}
