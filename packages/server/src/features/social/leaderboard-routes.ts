import { LeaderboardAnswer, LeaderboardMeAnswer, NEXT_CURSOR_HEADER, PageQuery } from '@papertrade/domain';
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
          'Users ranked by total balance (cash + holdings at current prices + working orders), ties by earlier ' +
          'sign-up; recomputed at most every few seconds. Pass the X-Next-Cursor header of a page as `cursor` ' +
          'for the next one; the last page has no such header.',
        querystring: PageQuery,
        response: { 200: LeaderboardAnswer },
      },
    },
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const after = decodeRankCursor(cursor);
      const ranking = await rankings.get();
      const start = after ? indexAfter(ranking, after) : 0;
      const end = Math.min(start + limit, ranking.users.length);
      const last = ranking.users[end - 1];
      if (end < ranking.users.length && last) void reply.header(NEXT_CURSOR_HEADER, encodeRankCursor(last));
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
        description: 'The caller\'s own leaderboard row with its rank, wherever it ranks.',
        response: { 200: LeaderboardMeAnswer },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      let ranking = await rankings.get();
      let index = ranking.indexById.get(user.id);
      if (index === undefined) {
        // Signed up after the cached ranking was made: rank again rather than answer "not ranked".
        rankings.invalidate();
        ranking = await rankings.get();
        index = ranking.indexById.get(user.id);
      }
      if (index === undefined) throw notFound('USER_NOT_FOUND', 'No such user');
      return toLeaderboardEntry(ranking, index);
    },
  );
}
