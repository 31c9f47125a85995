import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

export function liveRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // GET /live is registered here.
}
