import {
  ContestBoardPage,
  ContestBoardRow,
  NEXT_CURSOR_HEADER,
  type ContestLiveMessage,
} from '@papertrade/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { liveStatus } from '../../../lib/live-socket.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Polling while /live is down: standings a student watches should not be minutes old. */
export const BOARD_POLL_MS = 10_000;
// The rows /live pushes (the server's contest-live.ts), so a push never shortens the board on screen.
const LIMIT = 50;

/** An array with the next cursor in X-Next-Cursor (as /leaderboard), or `{items, nextCursor}`. */
const BoardAnswer = z.union([z.array(ContestBoardRow), ContestBoardPage]);

export const contestBoardQueryKey = queryKeys.contests.board;

/**
 * GET /contests/:id/leaderboard: the first 50 rows. While /live is open the server pushes each
 * change of the board (applyLiveBoard); while it is down the board is polled every 10 s.
 */
export const contestBoardQueryOptions = (id: string, wallet: string) =>
  queryOptions({
    queryKey: contestBoardQueryKey(id),
    queryFn: async ({ signal }): Promise<ContestBoardPage> => {
      const path = `/contests/${encodeURIComponent(id)}/leaderboard?limit=${LIMIT}`;
      const { data, headers } = await apiRequest(path, { schema: BoardAnswer, wallet, signal });
      if (!Array.isArray(data)) return data;
      return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
    },
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
