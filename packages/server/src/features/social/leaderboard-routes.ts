import {
  LeaderboardAnswer,
  LeaderboardMeAnswer,
  LeaderboardMeQuery,
  LeaderboardQuery,
  NEXT_CURSOR_HEADER,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/app-error.ts';
import { requireUser, sessionUser } from '../auth/guard.ts';
import { decodeRankCursor, encodeRankCursor } from './rank-cursor.ts';
import { indexAfter, toLeaderboardEntry, type RankingCache } from './ranking.ts';

export function leaderboardRoutes(fastify: FastifyInstance, rankings: RankingCache): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/leaderboard',
    {
      schema: {
        description:
          'Users ranked by their return over `period` (week: the last 7 days, month: the last 30, all: since ' +
          'the last reset; default all), measured from the balance at the start of the period (balance snapshots) ' +
          'to the total balance now; ties by higher total balance, then earlier sign-up. A portfolio reset inside ' +
          'the period is listed after the ranked ones with `rank: null` and `resetAt`. Recomputed at most every ' +
          'few seconds. Pass the X-Next-Cursor header of a page as `cursor` for the next one; the last page has ' +
          'no such header.',
        querystring: LeaderboardQuery,
        response: { 200: LeaderboardAnswer },
      },
    },
    async (request, reply) => {
      const { cursor, limit, period } = request.query;
      const after = decodeRankCursor(cursor);
      const ranking = await rankings.get(period);
      const start = after ? indexAfter(ranking, after) : 0;
      const end = Math.min(start + limit, ranking.users.length);
      const last = ranking.users[end - 1];
      if (end < ranking.users.length && last)
        void reply.header(NEXT_CURSOR_HEADER, encodeRankCursor(last));
      const entries = [];
      for (let i = start; i < end; i += 1) entries.push(toLeaderboardEntry(ranking, i));
      return entries;
    },
  );

  app.get(
    '/leaderboard/me',
    {
      preHandler: requireUser,
      schema: {
        description:
          "The caller's own leaderboard row for `period` (default all), wherever it ranks.",
        querystring: LeaderboardMeQuery,
        response: { 200: LeaderboardMeAnswer },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      const { period } = request.query;
      let ranking = await rankings.get(period);
      let index = ranking.indexById.get(user.id);
      if (index === undefined) {
        // Signed up after the cached ranking was made: rank again rather than answer "not ranked".
        rankings.invalidate();
        ranking = await rankings.get(period);
        index = ranking.indexById.get(user.id);
      }
      if (index === undefined) throw notFound('USER_NOT_FOUND', 'No such user');
      return toLeaderboardEntry(ranking, index);
    },
  );
}
