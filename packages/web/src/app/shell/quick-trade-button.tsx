import { Button, IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { APP_ICONS } from '../../components/app-icons.ts';
import { useIsMobile } from '../../lib/breakpoints.ts';

const TradeDialog = lazy(() => import('../../features/trading/trade-panel/trade-dialog.tsx'));
const TradeIcon = APP_ICONS.trade;

/** docs/pages.md, Shell: opens the large trade dialog with the asset picker and no preset asset. */
export function QuickTradeButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const isMobile = useIsMobile();
  const openDialog = () => {
    setLoaded(true);
    setOpen(true);
  };
  return (
    <>
      {isMobile ? (
        <Tooltip title="Quick trade">
          <IconButton color="primary" aria-label="Quick trade" onClick={openDialog}>
            <TradeIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="contained" startIcon={<TradeIcon />} onClick={openDialog}>
          Quick trade
        </Button>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <TradeDialog open={open} onClose={() => setOpen(false)} showAssetPicker />
        </Suspense>
      )}
    </>
  );
}
