import { displayAssetName, type Asset } from '@papertrade/domain';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Button } from '@mui/material';
import { useState } from 'react';
import AssetSearchDialog from '../../../components/asset-search-dialog.tsx';
import { AssetAvatar } from '../../../components/asset-avatar.tsx';

/** The trade panel's optional asset picker (quick trade). */
export function AssetPickerButton({
  asset,
  onPick,
  filter,
}: {
  asset: Asset;
  onPick: (asset: Asset) => void;
  /** Only these assets are offered (a contest's allowed symbols). */
  filter?: (asset: Asset) => boolean;
}) {
  const [open, setOpen] = useState(false);
  const name = displayAssetName(asset.name);
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        fullWidth
        aria-haspopup="dialog"
        aria-label={`Choose asset: ${name} (${asset.symbol})`}
        onClick={() => setOpen(true)}
        startIcon={<AssetAvatar asset={asset} size={24} />}
        endIcon={<ExpandMore />}
        sx={{
          justifyContent: 'flex-start',
          '& .MuiButton-endIcon': { ml: 'auto' },
          borderColor: 'divider',
        }}
      >
        {name} ({asset.symbol})
      </Button>
      {open && (
        <AssetSearchDialog
          open
          title="Choose an asset"
          filter={filter}
          onClose={() => setOpen(false)}
          onPick={(picked) => {
            setOpen(false);
            onPick(picked);
          }}
        />
      )}
    </>
  );
}
