import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import { APP_ICONS } from '../../components/app-icons.ts';
import { useIsMobile } from '../../lib/breakpoints.ts';
import { useHistoryDialog } from '../../lib/use-history-dialog.ts';

const AssetSearchDialog = lazy(() => import('../../components/asset-search-dialog.tsx'));
const SearchIcon = APP_ICONS.search;

/**
 * The asset search of docs/pages.md, Shell (picking an asset goes to /asset?pair={asset id}), at every size: on
 * desktop Ctrl+K or ⌘K opens it too. It is a history step, so Back closes it (use-history-dialog.ts).
 */
export function AssetSearch() {
  const search = useHistoryDialog('assetSearch');
  const isMobile = useIsMobile();
  const { show } = search;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);
  return (
    <>
      <Tooltip title={isMobile ? 'Search assets' : 'Search assets (Ctrl+K)'}>
        <IconButton aria-label="Search assets" aria-keyshortcuts="Control+K Meta+K" onClick={show}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {search.open && (
        <Suspense fallback={null}>
          <AssetSearchDialog
            open
            onClose={search.close}
            onPick={(asset) => search.leaveTo(`/asset?pair=${encodeURIComponent(asset.id)}`)}
          />
        </Suspense>
      )}
    </>
  );
}
