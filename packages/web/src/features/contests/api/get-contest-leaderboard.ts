import { ContestBoardPage, type ContestLiveMessage } from '@papertrade/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { liveStatus } from '../../../lib/live-socket.ts';

/** Polling while /live is down: standings a student watches should not be minutes old. */
export const BOARD_POLL_MS = 10_000;
const LIMIT = 100;

export const contestBoardQueryKey = (id: string) => ['contests', 'board', id] as const;

/**
 * GET /contests/:id/leaderboard: the first 100 rows. While /live is open the server pushes each
 * change of the board (applyLiveBoard); while it is down the board is polled every 10 s.
 */
export const contestBoardQueryOptions = (id: string, wallet: string) =>
  queryOptions({
    queryKey: contestBoardQueryKey(id),
    queryFn: ({ signal }) =>
      api(`/contests/${encodeURIComponent(id)}/leaderboard?limit=${LIMIT}`, {
        schema: ContestBoardPage,
        wallet,
        signal,
      }),
    refetchInterval: () => (liveStatus.isOpen() ? false : BOARD_POLL_MS),
  });

export function useContestBoard(id: string, wallet: string) {
  return useQuery(contestBoardQueryOptions(id, wallet));
}

/** A `{"type": "contest"}` message from /live replaces the board's rows where it is cached. */
export function applyLiveBoard(queryClient: QueryClient, message: ContestLiveMessage): void {
  queryClient.setQueryData(
    contestBoardQueryKey(message.contestId),
    (before?: ContestBoardPage) => ({
      items: message.leaderboard,
      nextCursor: before?.nextCursor ?? null,
    }),
  );
}
