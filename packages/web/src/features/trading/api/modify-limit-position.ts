import { OpenLimitAnswer } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mergeOrderAnswer } from '../../../lib/api/get-session.ts';

export interface ModifyLimitInput {
  positionId: string;
  walletAddress: string;
  limitAsk?: number;
  stopPrice?: number;
  purchaseAsk?: number;
  sellAsk?: number;
  /** A waiting bracket buy's leg prices (docs/api.md "Brackets and OCO pairs"). */
  attached?: { takeProfit?: { limitAsk: number }; stopLoss?: { stopPrice: number } };
}

/**
 * PUT /limit-position: new prices or amount for a working order, which keeps its id (docs/api.md
 * "Orders beyond market and limit"); 409 when it is no longer working, 400 when the new
 * reservation does not fit (the error names the field).
 */
export async function modifyLimitPosition(body: ModifyLimitInput) {
  return api('/limit-position', {
    method: 'PUT',
    body,
    wallet: body.walletAddress,
    schema: OpenLimitAnswer,
  });
}

export function useModifyLimitPosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyLimitPosition,
    onSuccess: (answer, input) => {
      mergeOrderAnswer(queryClient, input.walletAddress, answer);
    },
  });
}
