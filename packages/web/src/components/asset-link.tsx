import { displayAssetName, shortAssetName, type Asset } from '@papertrade/domain';
import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AssetAvatar } from './asset-avatar.tsx';

export const assetPath = (asset: Pick<Asset, 'id'>) =>
  `/asset?pair=${encodeURIComponent(asset.id)}`;

/**
 * Asset names and icons link to /asset?pair={asset id}. A name longer than 14 characters is cut
 * to 12 plus "…" (docs/product.md, Names and addresses), with the whole name as the link's
 * accessible name and tooltip; nothing else cuts it: where a line is too narrow the name wraps,
 * since an ellipsis of the browser's cut "Bitcoin" to "Bitc…" in a phone's table cell.
 */
export function AssetLink({ asset, size = 32 }: { asset: Asset; size?: number }) {
  const name = displayAssetName(asset.name);
  return (
    <Link
      component={RouterLink}
      to={assetPath(asset)}
      underline="hover"
      color="inherit"
      title={name}
      aria-label={name}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.5,
        fontWeight: 600,
        minWidth: 0,
        // In a narrow place (a phone's table cell) the name wraps, not past the edge.
        maxWidth: '100%',
      }}
    >
      <AssetAvatar asset={asset} size={size} />
      <Box
        component="span"
        // A long name wraps between its words ("Ethereum / Classic"); a word breaks only where
        // even it does not fit.
        sx={{ whiteSpace: 'normal', overflowWrap: 'break-word', minWidth: 0 }}
      >
        {shortAssetName(name)}
      </Box>
    </Link>
  );
}
