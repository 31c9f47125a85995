import { TradeAnswer, type AmountUnit, type TradeSide, type Transaction } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mergeOrderAnswer } from '../../../lib/api/get-session.ts';

export type { TradeSide } from '@papertrade/domain';

export interface MarketOrderInput {
  side: TradeSide;
  symbol: string;
  walletAddress: string;
  assetAmount: number;
  unit: AmountUnit;
  /** Why the order is placed (docs/api.md, "Trade notes"). */
  note?: string;
  /** Caps the average price's slippage against the mid (docs/decisions/029-simulated-order-book.md). */
  maxSlippageBps?: number;
}

/** POST /purchase-asset or /sell-asset; the answer is the updated User plus the transaction. */
export async function placeMarketOrder({ side, ...body }: MarketOrderInput) {
  const path = side === 'PURCHASE' ? '/purchase-asset' : '/sell-asset';
  return api(path, { method: 'POST', body, wallet: body.walletAddress, schema: TradeAnswer });
}

export function usePlaceMarketOrder(onFilled?: (transaction: Transaction) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeMarketOrder,
    onSuccess: (answer, input) => {
      mergeOrderAnswer(queryClient, input.walletAddress, answer);
      onFilled?.(answer.transaction);
    },
  });
}
