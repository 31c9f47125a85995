import type { Asset } from '@papertrade/domain';
import { lazy, Suspense, useState } from 'react';
import type { TradeSide } from '../api/place-market-order.ts';

const TradeDialog = lazy(() => import('./trade-dialog.tsx'));

interface TradeTarget {
  asset: Asset | null;
  side: TradeSide;
  fullScreen?: boolean;
}

/** Opens the trade dialog for an asset; the dialog's code loads on first use. */
export function useTradeDialog() {
  const [target, setTarget] = useState<TradeTarget | null>(null);
  const [open, setOpen] = useState(false);
  const openTrade = (asset: Asset | null, side: TradeSide = 'PURCHASE', fullScreen = false) => {
    setTarget({ asset, side, fullScreen });
    setOpen(true);
  };
  const dialog = target && (
    <Suspense fallback={null}>
      <TradeDialog
        key={`${target.asset?.id ?? ''}-${target.side}`}
        open={open}
        onClose={() => setOpen(false)}
        asset={target.asset}
        side={target.side}
        fullScreen={target.fullScreen}
      />
    </Suspense>
  );
  return { openTrade, dialog };
}
