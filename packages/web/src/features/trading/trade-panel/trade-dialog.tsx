import type { Asset } from '@papertrade/domain';
import { Dialog, DialogContent } from '@mui/material';
import { useId } from 'react';
import type { TradeSide } from '../api/place-market-order.ts';
import { useIsMobile } from '../../../lib/breakpoints.ts';
import type { ProtectLeg } from '../../../lib/trade-link.ts';
import type { PanelMethod } from './stop-order.ts';
import { TradePanel } from './trade-panel.tsx';

export interface TradeDialogProps {
  open: boolean;
  onClose: () => void;
  asset?: Asset | null;
  side?: TradeSide;
  /** The method and bracket leg the panel starts on (a trade link's). */
  method?: PanelMethod;
  protect?: ProtectLeg;
  showAssetPicker?: boolean;
  /** Full screen at every width (the mobile trade sheet's form); mobile is always full screen. */
  fullScreen?: boolean;
}

/** The large trade dialog (quick trade, Buy buttons) and the full-screen trade form. */
export default function TradeDialog({
  open,
  onClose,
  asset,
  side,
  method,
  protect,
  showAssetPicker,
  fullScreen,
}: TradeDialogProps) {
  const isMobile = useIsMobile();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen || isMobile}
      aria-labelledby={titleId}
    >
      <DialogContent sx={{ maxWidth: 560, width: '100%', mx: 'auto' }}>
        {open && (
          <TradePanel
            asset={asset}
            initialSide={side}
            initialMethod={method}
            initialProtect={protect}
            variant="dialog"
            titleId={titleId}
            showAssetPicker={showAssetPicker}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
