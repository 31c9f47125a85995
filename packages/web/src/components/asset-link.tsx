import { displayAssetName, type Asset } from '@papertrade/domain';
import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AssetAvatar } from './asset-avatar.tsx';

export const assetPath = (asset: Pick<Asset, 'id'>) =>
  `/asset?pair=${encodeURIComponent(asset.id)}`;

/**
 * Asset names and icons link to /asset?pair={asset id}. The whole name shows, on two lines where
 * one is too narrow (docs/product.md, Names and addresses): a cut at a fixed length, or an
 * ellipsis, cut "Ethereum Classic" and "Bitcoin" in places with room to spare.
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
        {name}
      </Box>
    </Link>
  );
}
