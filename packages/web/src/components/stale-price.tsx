import type { Asset } from '@papertrade/domain';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { formatDateTime } from '../lib/format.ts';

/** A stale price (the live feed stopped, docs/market-data.md) is greyed: it is not one to trade at. */
export const stalePriceSx = (asset: Pick<Asset, 'stale'>): SxProps<Theme> =>
  asset.stale ? { color: 'text.disabled' } : {};

/** Under a stale price: since when it is, or that the feed does not carry the asset at all. */
export function StalePriceNote({
  asset,
}: {
  asset: Pick<Asset, 'stale' | 'tradable' | 'priceAt'>;
}) {
  if (!asset.stale) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      sx={{ display: 'block', whiteSpace: 'nowrap' }}
    >
      {asset.tradable ? `prices as of ${formatDateTime(asset.priceAt)}` : 'no live price'}
    </Typography>
  );
}
