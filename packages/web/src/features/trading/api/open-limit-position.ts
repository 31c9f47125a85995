import { OpenLimitAnswer, type OpenLimitBody } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setSessionUser, withoutExtra } from '../../../lib/api/get-session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

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
    onSuccess: (answer) => {
      setSessionUser(queryClient, withoutExtra(answer, 'limitPosition'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all });
    },
  });
}
