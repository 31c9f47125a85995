import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /contests/:id/announcements {text} (owner): an INFORMATIVE notification to every member. */
export function usePostAnnouncement(id: string, wallet: string) {
  return useMutation({
    mutationFn: (text: string) =>
      api(`/contests/${encodeURIComponent(id)}/announcements`, {
        method: 'POST',
        body: { text },
        wallet,
      }),
  });
}
