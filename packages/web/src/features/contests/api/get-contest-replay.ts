import { ReplayAnswer, type Contest } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A replay moves up to an hour of history a second: its clock and prices are read every second. */
export const REPLAY_POLL_MS = 1_000;

/**
 * GET /contests/:id/replay: a REPLAY contest's replayed moment and prices, the ones its members'
 * orders trade at (docs/api.md, Replay contests). Read only for a replay that is running or
 * about to; a LIVE contest has none.
 */
export const contestReplayQueryOptions = (id: string, wallet: string) =>
  queryOptions({
    queryKey: queryKeys.contests.replay(id),
    queryFn: ({ signal }) =>
      api(`/contests/${encodeURIComponent(id)}/replay`, { schema: ReplayAnswer, wallet, signal }),
    refetchInterval: REPLAY_POLL_MS,
  });

export function useContestReplay(contest: Contest | undefined, wallet: string) {
  const replays = contest?.priceSource?.kind === 'REPLAY';
  return useQuery({
    ...contestReplayQueryOptions(contest?.id ?? '', wallet),
    enabled: replays,
    refetchInterval: replays && contest.status !== 'ENDED' ? REPLAY_POLL_MS : false,
  });
}
