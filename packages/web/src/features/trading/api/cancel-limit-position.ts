import { CancelLimitAnswer } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mergeOrderAnswer } from '../../../lib/api/get-session.ts';

export interface CancelLimitInput {
  positionId: string;
  walletAddress: string;
}

/** POST /cancel-limit-position; 409 when the order is no longer working (filled meanwhile). */
export async function cancelLimitPosition(body: CancelLimitInput) {
  return api('/cancel-limit-position', {
    method: 'POST',
    body,
    wallet: body.walletAddress,
    schema: CancelLimitAnswer,
  });
}

export function useCancelLimitPosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLimitPosition,
    onSuccess: (answer, input) => mergeOrderAnswer(queryClient, input.walletAddress, answer),
  });
}
