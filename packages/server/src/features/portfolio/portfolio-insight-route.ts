import { PortfolioInsight } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { DB } from '../../db/schema.ts';
import { currentPrices, WORKING } from '../../users/total-balance.ts';
import { requireUser, sessionPortfolio } from '../auth/guard.ts';
import { replayFifo, type FillRow } from './fifo-replay.ts';
import { loadHoldBenchmark } from './hold-benchmark.ts';
import { buildInsight } from './insight-numbers.ts';
import { holdsReservation } from '../../ledger/reserved-orders.ts';

/**
 * The most fills of one epoch replayed for realised P&L (docs/decisions/011), read in one statement
 * of at most this many rows. Past it the answer says realised P&L is unavailable instead of growing with
 * the history; unrealised P&L, allocation and the benchmark never depend on the history's length.
 */
export const MAX_REPLAYED_FILLS = 20_000;

/** The current epoch's fills in id order (the order the ledger made and consumed lots in), or null past the bound. */
async function epochFills(
  db: Kysely<DB>,
  portfolioId: string,
  epoch: bigint,
): Promise<FillRow[] | null> {
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'type', 'symbol', 'shares', 'total_cents', 'fee_cents', 'price', 'created_at'])
    .where('portfolio_id', '=', portfolioId)
    .where('epoch', '=', epoch)
    .orderBy('id')
    .limit(MAX_REPLAYED_FILLS + 1)
    .execute();
  if (rows.length > MAX_REPLAYED_FILLS) return null;
  return rows.map((r) => ({
    id: r.id,
    type: r.type === 'SELL' ? 'SELL' : 'PURCHASE',
    symbol: r.symbol,
    shares: BigInt(r.shares),
    totalCents: BigInt(r.total_cents),
    feeCents: BigInt(r.fee_cents),
    price: BigInt(r.price),
    createdAt: Number(r.created_at),
  }));
}

/**
 * Each read is its own statement, not one snapshot: an order landing between them can put one
 * answer a trade out of step, which the page's next refresh corrects; nothing is written from it.
 */
export async function loadPortfolioInsight(
  db: Kysely<DB>,
  portfolioId: string,
  now = Date.now(),
): Promise<PortfolioInsight> {
  const user = await db
    .selectFrom('portfolios')
    .select(['epoch', 'reset_at', 'created_at', 'starting_balance_cents', 'cash_cents'])
    .where('id', '=', portfolioId)
    .executeTakeFirstOrThrow();
  const since = Number(user.reset_at ?? user.created_at);
  const startingCents = BigInt(user.starting_balance_cents);
  const [orders, totals, prices, fills, benchmark] = await Promise.all([
    db
      .selectFrom('limit_orders')
      .select(['type', 'symbol', 'purchase_cents', 'sell_shares'])
      .where('portfolio_id', '=', portfolioId)
      .where('status', '=', WORKING)
      .where(holdsReservation)
      .execute(),
    db
      .selectFrom('lot_totals')
      .select(['symbol', 'shares', 'cost', 'free_shares'])
      .where('portfolio_id', '=', portfolioId)
      .execute(),
    currentPrices(db),
    epochFills(db, portfolioId, BigInt(user.epoch)),
    loadHoldBenchmark(db, since, startingCents, now),
  ]);
  const reservedCash = orders.reduce(
    (sum, o) => sum + (o.type === 'PURCHASE' ? BigInt(o.purchase_cents ?? 0n) : 0n),
    0n,
  );
  return buildInsight({
    since,
    startingCents,
    cashCents: BigInt(user.cash_cents) + reservedCash,
    freeShares: new Map(
      totals
        .filter((t) => BigInt(t.free_shares) > 0n)
        .map((t) => [t.symbol, BigInt(t.free_shares)]),
    ),
    sellOrders: orders
      .filter((o) => o.type === 'SELL')
      .map((o) => ({ symbol: o.symbol, shares: BigInt(o.sell_shares ?? 0n) })),
    lotTotals: new Map(
      totals.map((t) => [t.symbol, { shares: BigInt(t.shares), cost: BigInt(t.cost) }]),
    ),
    prices,
    replay: fills ? replayFifo(fills) : null,
    benchmark,
  });
}

export function portfolioInsightRoute(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/portfolio-insight',
    {
      preHandler: requireUser,
      schema: {
        description:
          "The caller's portfolio since the last reset: allocation (cash and each holding at current value), " +
          "unrealised and realised P&L per position and in total (realised from the epoch's fills replayed first " +
          'in first out, up to 20,000 of them), the best and worst sales, and the return of holding BTC instead.',
        response: { 200: PortfolioInsight },
      },
    },
    (request) => loadPortfolioInsight(ctx.db, sessionPortfolio(request).id),
  );
}
