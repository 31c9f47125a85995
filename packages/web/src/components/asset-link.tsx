import { displayAssetName, shortAssetName, type Asset } from '@papertrade/domain';
import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AssetAvatar } from './asset-avatar.tsx';

export const assetPath = (asset: Pick<Asset, 'id'>) =>
  `/asset?pair=${encodeURIComponent(asset.id)}`;

/** Asset names and icons link to /asset?pair={asset id}; long names are cut (docs/product.md, Names and addresses). */
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
        // In a narrow place (a phone's table cell) the name ends in an ellipsis, not past the edge.
        maxWidth: '100%',
      }}
    >
      <AssetAvatar asset={asset} size={size} />
      <Box
        component="span"
        sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {shortAssetName(name)}
      </Box>
    </Link>
  );
}
