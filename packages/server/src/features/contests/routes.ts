import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { boardRoutes } from './board-routes.ts';
import { hostRoutes } from './host-routes.ts';
import { membershipRoutes } from './membership-routes.ts';
import type { ContestShared } from '../../../test/route-kit.ts';

export type { ContestShared } from '../../../test/route-kit.ts';

/**
 * The contest routes (docs/api.md, Portfolios, contests and classes): a member's (membership-routes.ts),
 * the host's (host-routes.ts) and everyone's reads (board-routes.ts). Every change goes through
 * contest-service.ts, one transaction under the contest's lock.
 */
export function contestRoutes(app: FastifyInstance, ctx: AppContext, shared: ContestShared): void {
  boardRoutes(app, ctx, shared);
  membershipRoutes(app, ctx, shared);
  hostRoutes(app, ctx, shared);
}
