import { OpenLimitAnswer, type OpenLimitBody } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setSessionUser, withoutExtra } from '../../../lib/api/get-session.ts';

/** One of the three (the server refuses a leg with none or more). */
interface StopLossLeg {
  stopPrice?: number;
  trailPercent?: number;
  trailAmount?: number;
}

/**
 * What the panel sends: a working order, which a purchase may give a bracket (`attached`), or an
 * OCO pair of held shares (`orderType: 'OCO'` with `takeProfit` and `stopLoss`).
 */
export type OpenOrderBody = Omit<
  OpenLimitBody,
  'orderType' | 'attached' | 'takeProfit' | 'stopLoss'
> & {
  orderType?: OpenLimitBody['orderType'] | 'OCO';
  attached?: { takeProfit?: { limitAsk: number }; stopLoss?: StopLossLeg };
  takeProfit?: { limitAsk: number };
  stopLoss?: StopLossLeg;
};

/** POST /open-limit-position; the answer is the updated User plus the new limitPosition. */
export async function openLimitPosition(body: OpenOrderBody) {
  return api('/open-limit-position', {
    method: 'POST',
    body,
    wallet: body.walletAddress,
    schema: OpenLimitAnswer,
  });
}

export function useOpenLimitPosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openLimitPosition,
    onSuccess: (answer) => {
      setSessionUser(queryClient, withoutExtra(answer, 'limitPosition'));
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    },
  });
}
