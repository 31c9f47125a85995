import { OpenLimitAnswer, type OpenLimitBody } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mergeOrderAnswer } from '../../../lib/api/get-session.ts';

/**
 * POST /open-limit-position: a working order, which a purchase may give a bracket (`attached`), or
 * an OCO pair of held shares; the answer is the updated User plus the new limitPosition.
 */
export async function openLimitPosition(body: OpenLimitBody) {
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
    onSuccess: (answer, input) => {
      mergeOrderAnswer(queryClient, input.walletAddress, answer);
    },
  });
}
