import type { User } from '@papertrade/domain';
import type { QueryClient } from '@tanstack/react-query';
import { mergeSessionPatch, replaceSessionUser, sessionQueryKey } from '../lib/api/get-session.ts';
import { applyLiveBoard } from '../features/contests/api/get-contest-leaderboard.ts';
import { allAssetsQueryKey } from '../lib/api/get-all-assets.ts';
import { routeUserUpdate } from '../lib/active-portfolio.ts';
import { connectLive, liveStatus, liveUrl, type LiveConnection } from '../lib/live-socket.ts';
import { queryKeys } from '../lib/query-keys.ts';

/**
 * The app's side of GET /live: prices go into the all-assets query, the user into the session
 * query (the same entries trades and polling write), so every screen updates without a reload.
 */
export function startLive(queryClient: QueryClient): LiveConnection {
  return connectLive({
    url: liveUrl(),
    onMessage: (message) => {
      if (message.type === 'prices') {
        queryClient.setQueryData(allAssetsQueryKey, message.assets);
        return;
      }
      if (message.type === 'contest') {
        applyLiveBoard(queryClient, message);
        return;
      }
      if (message.type === 'class-progress') {
        // The teacher's tables are computed on the server from what members did: read again.
        const id = message.contestId;
        for (const queryKey of [
          queryKeys.contests.assignments(id),
          queryKeys.contests.members(id),
          queryKeys.contests.quizResults(id),
        ])
          void queryClient.invalidateQueries({ queryKey });
        return;
      }
      if (message.type === 'user-patch') {
        mergeSessionPatch(queryClient, message.walletAddress, message.version, message.patch);
        return;
      }
      // One message per portfolio that changed: only the shown one's money reaches the screen.
      const before = queryClient.getQueryData<User | null>(sessionQueryKey);
      const next = routeUserUpdate(before, message.user);
      if (!next || next === before) return;
      replaceSessionUser(queryClient, next);
    },
    onStatus: (open) => {
      liveStatus.set(open);
      if (open) return;
      // Down: refetching re-reads the poll interval (polling restarts) and catches what was
      // missed; the session too, since a socket closed by the server may mean it ended.
      void queryClient.invalidateQueries({ queryKey: allAssetsQueryKey });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      // Contest boards: refetching re-reads their poll interval too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.contests.boards });
      // And the teachers' assignment tables, which /live's class-progress keeps fresh otherwise.
      void queryClient.invalidateQueries({ queryKey: queryKeys.contests.allAssignments });
    },
  });
}
