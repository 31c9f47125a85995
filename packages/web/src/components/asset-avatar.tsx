import { displayAssetName, type Asset } from '@papertrade/domain';
import { Avatar } from '@mui/material';

/** The asset's icon; decorative (alt="") since its name is always shown beside it. */
export function AssetAvatar({
  asset,
  size = 32,
}: {
  asset: Pick<Asset, 'image' | 'symbol' | 'name'>;
  size?: number;
}) {
  return (
    <Avatar
      src={asset.image}
      alt=""
      sx={{
        width: size,
        height: size,
        bgcolor: 'grey.300',
        color: 'grey.900',
        fontSize: size * 0.4,
      }}
      slotProps={{ img: { loading: 'lazy' } }}
      title={displayAssetName(asset.name)}
    >
      {asset.symbol.slice(0, 3)}
    </Avatar>
  );
}
