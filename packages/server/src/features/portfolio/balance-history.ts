import {
  BalanceHistoryAnswer,
  BalanceHistoryQuery,
  centsToNumber,
  type BalancePoint,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { DB } from '../../db/schema.ts';
import { totalBalanceCents } from '../../users/total-balance.ts';
import { spreadPoints } from '../../users/user-record.ts';
import { requireUser, sessionPortfolio } from '../auth/guard.ts';

const DAY_MS = 86_400_000;
/** A chart has no use for more points than it has pixels; the live "now" point is the last one. */
export const BALANCE_HISTORY_MAX_POINTS = 1000;

/**
 * The current epoch's balance over the last `days` days (or all of it), oldest first: the start
 * (starting balance at sign-up or reset) when it is in range, the stored snapshots spread evenly
 * to fit, and a live point for `now` so the chart ends at the balance the user sees elsewhere.
 */
export async function loadBalanceHistory(
  db: Kysely<DB>,
  portfolioId: string,
  days: number | 'max',
  now = Date.now(),
): Promise<BalancePoint[]> {
  const user = await db
    .selectFrom('portfolios')
    .select(['epoch', 'reset_at', 'created_at', 'starting_balance_cents'])
    .where('id', '=', portfolioId)
    .executeTakeFirstOrThrow();
  const from = days === 'max' ? undefined : now - days * DAY_MS;
  const [rows, live] = await Promise.all([
    db
      .selectFrom('balance_snapshots')
      .select(['ts', 'balance_cents'])
      .where('portfolio_id', '=', portfolioId)
      .where('epoch', '=', user.epoch)
      .$if(from !== undefined, (qb) => qb.where('ts', '>=', BigInt(from ?? 0)))
      .where('ts', '<', BigInt(now))
      .orderBy('ts')
      .execute(),
    totalBalanceCents(db, portfolioId),
  ]);
  const points: BalancePoint[] = rows.map((r) => ({
    timestamp: Number(r.ts),
    balance: centsToNumber(BigInt(r.balance_cents)),
  }));
  const startedAt = Number(user.reset_at ?? user.created_at);
  const first = points[0];
  if (
    (from === undefined || startedAt >= from) &&
    startedAt < now &&
    (!first || first.timestamp > startedAt)
  ) {
    points.unshift({
      timestamp: startedAt,
      balance: centsToNumber(BigInt(user.starting_balance_cents)),
    });
  }
  return [
    ...spreadPoints(points, BALANCE_HISTORY_MAX_POINTS - 1),
    { timestamp: now, balance: centsToNumber(live) },
  ];
}

export function balanceHistoryRoute(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/balance-history',
    {
      preHandler: requireUser,
      schema: {
        description:
          "The caller's total balance over time since the last reset, oldest first, for the last `days` days or " +
          '`max`; at most 1000 points spread evenly, the last one being the live balance now.',
        querystring: BalanceHistoryQuery,
        response: { 200: BalanceHistoryAnswer },
      },
    },
    (request) => loadBalanceHistory(ctx.db, sessionPortfolio(request).id, request.query.days),
  );
}
