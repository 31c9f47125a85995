import type { Asset } from '@papertrade/domain';
import { lazy, Suspense, useState } from 'react';
import type { TradeSide } from '../api/place-market-order.ts';
import type { ProtectLeg } from '../../../lib/trade-link.ts';
import type { PanelMethod } from './stop-order.ts';

const TradeDialog = lazy(() => import('./trade-dialog.tsx'));

/** The method and bracket leg the panel starts on (a trade link's); Market when left out. */
export interface TradeStart {
  method?: PanelMethod;
  protect?: ProtectLeg;
}

interface TradeTarget extends TradeStart {
  asset: Asset | null;
  side: TradeSide;
  fullScreen?: boolean;
}

export type OpenTrade = (
  asset: Asset | null,
  side?: TradeSide,
  fullScreen?: boolean,
  start?: TradeStart,
) => void;

/** Opens the trade dialog for an asset; the dialog's code loads on first use. */
export function useTradeDialog() {
  const [target, setTarget] = useState<TradeTarget | null>(null);
  const [open, setOpen] = useState(false);
  const openTrade: OpenTrade = (asset, side = 'PURCHASE', fullScreen = false, start = {}) => {
    setTarget({ asset, side, fullScreen, ...start });
    setOpen(true);
  };
  const dialog = target && (
    <Suspense fallback={null}>
      <TradeDialog
        key={`${target.asset?.id ?? ''}-${target.side}-${target.method ?? ''}`}
        open={open}
        onClose={() => setOpen(false)}
        asset={target.asset}
        side={target.side}
        method={target.method}
        protect={target.protect}
        fullScreen={target.fullScreen}
      />
    </Suspense>
  );
  return { openTrade, dialog };
}
