import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { APP_ICONS } from '../../components/app-icons.ts';

const AssetSearchDialog = lazy(() => import('../../components/asset-search-dialog.tsx'));
const SearchIcon = APP_ICONS.search;

/** SPEC §2: mobile only; picking an asset goes to /asset?pair={asset id}. */
export function MobileAssetSearch() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Tooltip title="Search assets">
        <IconButton aria-label="Search assets" onClick={() => setOpen(true)}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <AssetSearchDialog
            open
            onClose={() => setOpen(false)}
            onPick={(asset) => {
              setOpen(false);
              void navigate(`/asset?pair=${encodeURIComponent(asset.id)}`);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
