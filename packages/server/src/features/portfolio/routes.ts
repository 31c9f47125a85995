import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

export function portfolioRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Routes of this feature are registered here.
}
