import { formatPrice, type Asset } from '@papertrade/domain';
import { Box, List, ListItem, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { AssetLink } from './asset-link.tsx';
import { DayChange } from './day-change.tsx';
import { WatchStar } from './watch-star.tsx';

/** A compact list of assets with price and day change, and an optional action per row. */
export function AssetList({
  assets,
  label,
  action,
}: {
  assets: Asset[];
  label: string;
  action?: (asset: Asset) => ReactNode;
}) {
  return (
    <Paper variant="outlined">
      <List aria-label={label} disablePadding>
        {assets.map((asset) => (
          <ListItem key={asset.id} divider sx={{ gap: 1 }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <AssetLink asset={asset} />
            </Box>
            <Box sx={{ textAlign: 'right' }} data-price>
              <Typography variant="body2" fontWeight={600}>
                ${formatPrice(asset.currentPrice)}
              </Typography>
              <DayChange value={asset.dayChangePercentage} />
            </Box>
            <WatchStar symbol={asset.symbol} />
            {action?.(asset)}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
