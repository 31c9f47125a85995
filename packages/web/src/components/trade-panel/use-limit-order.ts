import type { Asset, LimitPosition, User } from '@papertrade/domain';
import { useState } from 'react';
import { useOpenLimitPosition } from '../../features/trading/api/open-limit-position.ts';
import type { TradeSide } from '../../features/trading/api/place-market-order.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import type { TradingRules } from '../../lib/contest-trading.ts';
import {
  limitCrossedNote,
  limitOrderBody,
  limitPreview,
  limitPricePrefill,
  limitProblem,
  type LimitProblem,
} from './limit-order.ts';

/** The limit side of the trade panel: its two inputs, their checks and the submit. */
export function useLimitOrder(side: TradeSide) {
  // Until the user types a limit price, it follows the current price (the prefill).
  const [typedLimit, setTypedLimit] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<LimitProblem | null>(null);
  const [placed, setPlaced] = useState<LimitPosition | null>(null);
  const open = useOpenLimitPosition();

  /** Clears the form; with a price, the limit price is prefilled from it and then stays put. */
  const reset = (price?: number) => {
    setTypedLimit(price === undefined ? null : limitPricePrefill(price));
    setAmount('');
    setProblem(null);
    setPlaced(null);
  };

  return {
    pending: open.isPending,
    amount,
    problem,
    placed,
    reset,
    dismissPlaced: () => setPlaced(null),
    limitText: (asset: Asset) => typedLimit ?? limitPricePrefill(asset.currentPrice),
    setLimitText: (text: string) => {
      setTypedLimit(text);
      setProblem(null);
      setPlaced(null);
    },
    setAmount: (text: string) => {
      setAmount(text);
      setProblem(null);
      setPlaced(null);
    },
    preview: (asset: Asset) =>
      limitPreview({
        side,
        symbol: asset.symbol,
        currentPrice: asset.currentPrice,
        limitText: typedLimit ?? limitPricePrefill(asset.currentPrice),
        amountText: amount,
      }),
    crossedNote: (asset: Asset) =>
      limitCrossedNote({
        side,
        currentPrice: asset.currentPrice,
        limitText: typedLimit ?? limitPricePrefill(asset.currentPrice),
      }),
    /** `rules`: the active contest's, so its refusals say what is allowed. */
    submit: (asset: Asset, user: User, rules?: TradingRules | null) => {
      if (open.isPending) return;
      const input = {
        side,
        symbol: asset.symbol,
        currentPrice: asset.currentPrice,
        limitText: typedLimit ?? limitPricePrefill(asset.currentPrice),
        amountText: amount,
      };
      const found = limitProblem({
        ...input,
        cash: user.balance,
        held: user.assets[asset.symbol] ?? 0,
      });
      setProblem(found);
      setPlaced(null);
      if (found) return;
      open.mutate(limitOrderBody({ ...input, walletAddress: user.walletAddress }), {
        onSuccess: (answer) => {
          setAmount('');
          setTypedLimit(null);
          setPlaced(answer.limitPosition);
        },
        onError: (e) => {
          const onLimit = e instanceof ApiError && e.field === 'limitAsk';
          setProblem({ field: onLimit ? 'limitAsk' : 'amount', message: errorMessage(e, rules) });
        },
      });
    },
  };
}

export type LimitOrderState = ReturnType<typeof useLimitOrder>;
