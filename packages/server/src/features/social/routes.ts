import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { followListRoutes } from './follow-lists.ts';
import { followRoutes } from './follow-routes.ts';
import { leaderboardRoutes } from './leaderboard-routes.ts';
import { profileRoute } from './profile-route.ts';
import { createRankingCache } from './ranking.ts';

/** Leaderboard, follows, follow lists and public profiles. */
export function socialRoutes(app: FastifyInstance, ctx: AppContext): void {
  leaderboardRoutes(app, createRankingCache(ctx.db));
  followRoutes(app, ctx);
  followListRoutes(app, ctx);
  profileRoute(app, ctx);
}
