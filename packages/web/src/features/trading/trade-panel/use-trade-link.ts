import type { Asset } from '@papertrade/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '../../../lib/breakpoints.ts';
import { readTradeLink } from '../../../lib/trade-link.ts';
import type { OpenTrade } from './use-trade-dialog.tsx';

/**
 * A page's answer to a trade link (lib/trade-link.ts, a lesson's "Try it"): the props that start
 * its trade panel on the linked method, side and bracket leg; on a phone, where the page shows no
 * panel, the trade dialog opens once with them.
 */
export function useTradeLink(asset: Asset | undefined, openTrade: OpenTrade) {
  const [params] = useSearchParams();
  const link = readTradeLink(params);
  const isMobile = useIsMobile();
  const key = link ? `${link.method}-${link.side}-${link.protect ?? ''}` : '';
  const opened = useRef<string | null>(null);
  const method = link?.method;
  const side = link?.side;
  const protect = link?.protect;
  useEffect(() => {
    if (!isMobile || !asset || !method || !side) return;
    const once = `${asset.id}|${method}-${side}-${protect ?? ''}`;
    if (opened.current === once) return;
    opened.current = once;
    openTrade(asset, side, true, { method, protect });
  }, [asset, isMobile, method, side, protect, openTrade]);
  return { key, initialSide: side, initialMethod: method, initialProtect: protect };
}
