import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { sessionPortfolio, type RequestPortfolio } from '../auth/guard.ts';

/** The portfolio the request's key acts on (set by the API key guard). */
export const keyPortfolio = (request: FastifyRequest): RequestPortfolio =>
  sessionPortfolio(request);

/** Our symbols, read once per request that needs them (a handful of rows). */
export async function knownSymbols(ctx: Pick<AppContext, 'db'>): Promise<Set<string>> {
  const rows = await ctx.db.selectFrom('assets').select('symbol').execute();
  return new Set(rows.map((r) => r.symbol));
}

/** After an order changed the portfolio: every open screen of its user reloads it. */
export function announce(ctx: Pick<AppContext, 'bus'>, portfolio: RequestPortfolio): void {
  ctx.bus.publish({ type: 'user-changed', userId: portfolio.userId, portfolioId: portfolio.id });
}
