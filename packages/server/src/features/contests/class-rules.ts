import { valueOfShares, type Cents } from '@papertrade/domain';
import { sql } from 'kysely';
import type { Trx } from '../../db/transaction.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import { usdText } from '../../ledger/money-text.ts';
import { candleAt, replayedAt, replayPriceAt, scheduleOf } from './replay-price.ts';

/**
 * A class's rules on the orders of its members (docs/decisions/036-trade-notes-and-class-rules.md):
 * a note on every order, a number of orders a day, and a cap on one asset's share of the
 * portfolio. They are read with the contest's other rules (contest-rules.ts, same statement) and
 * checked inside the order's transaction after the portfolio's lock, so two parallel orders of
 * one portfolio are checked one after the other. A contest without them costs no statement.
 */
export interface ClassRules {
  maxPositionPercent: number | null;
  maxTradesPerDay: number | null;
  requireNotes: boolean;
}

export interface ClassRuleColumns {
  max_position_percent: bigint | number | null;
  max_trades_per_day: bigint | number | null;
  require_notes: bigint | number;
}

export function classRulesOf(row: ClassRuleColumns): ClassRules {
  return {
    maxPositionPercent: row.max_position_percent === null ? null : Number(row.max_position_percent),
    maxTradesPerDay: row.max_trades_per_day === null ? null : Number(row.max_trades_per_day),
    requireNotes: Number(row.require_notes) !== 0,
  };
}

export function checkNoteRule(rules: ClassRules, note: string | null | undefined): void {
  if (rules.requireNotes && !note?.trim())
    throw badRequest(
      'NOTE_REQUIRED',
      'Your class asks for a note with every order: say why you place it',
      'note',
    );
}

const DAY_MS = 86_400_000;

/**
 * The orders placed today (UTC) in the portfolio: market orders, and working orders as placed
 * (an OCO pair once, a bracket's legs not at all, a working order's fills not again). At the
 * limit the order is `409 TRADE_LIMIT`.
 */
export async function checkTradeLimit(
  trx: Trx,
  portfolioId: string,
  rules: ClassRules,
  now: number,
): Promise<void> {
  if (rules.maxTradesPerDay === null) return;
  const dayStart = now - (now % DAY_MS);
  const { rows } = await sql<{ n: bigint | number | string }>`SELECT
      (SELECT count(*) FROM transactions WHERE portfolio_id = ${portfolioId} AND created_at >= ${dayStart}
        AND method = 'MARKET')
      + (SELECT count(*) FROM limit_orders WHERE portfolio_id = ${portfolioId} AND created_at >= ${dayStart}
        AND parent_id IS NULL AND (oco_group_id IS NULL OR oco_group_id = id)) AS n`.execute(trx);
  const placed = Number(rows[0]?.n ?? 0);
  if (placed >= rules.maxTradesPerDay)
    throw new AppError(
      409,
      'TRADE_LIMIT',
      `Your class allows ${rules.maxTradesPerDay} order${rules.maxTradesPerDay === 1 ? '' : 's'} a day and you placed ${placed} today: try again tomorrow (UTC)`,
    );
}

interface ValueRow {
  cash_cents: bigint | number | string;
  reserved_cents: bigint | number | string | null;
  symbol_reserved_cents: bigint | number | string | null;
  price_kind: string | null;
  starts_at: bigint | number | string | null;
  replay_from: bigint | number | string | null;
  replay_to: bigint | number | string | null;
  replay_speed: bigint | number | string | null;
}

const big = (v: bigint | number | string | null) => (v === null ? null : BigInt(v));

/**
 * The prices a replay class's holdings are worth now: the replayed ones
 * (docs/decisions/034-replay-contests.md), one candle read per asset held; null for a live one.
 */
async function replayedPrices(
  trx: Trx,
  value: ValueRow,
  symbols: readonly string[],
): Promise<Map<string, bigint> | null> {
  if (value.price_kind === null || value.starts_at === null) return null;
  const schedule = scheduleOf({
    price_kind: value.price_kind,
    starts_at: BigInt(value.starts_at),
    replay_from: big(value.replay_from),
    replay_to: big(value.replay_to),
    replay_speed: big(value.replay_speed),
  });
  if (!schedule) return null;
  const t = replayedAt(schedule, Date.now());
  const prices = new Map<string, bigint>();
  for (const symbol of symbols) {
    const candle = await candleAt(trx, symbol, t);
    if (candle) prices.set(symbol, replayPriceAt(candle, t));
  }
  return prices;
}

interface HoldingRow {
  symbol: string;
  shares: bigint | number | string;
  price: bigint | number | string | null;
}

/**
 * No buy may take one asset above `maxPositionPercent` of the portfolio's total value
 * (docs/product.md, Total balance), counting what the order adds: a market buy's shares at their
 * cost (its fee leaves the total), a working buy's reservation. The asset's share is its held
 * shares at the current price and the cash its working buys reserve. `400 POSITION_LIMIT`.
 */
export async function checkPositionLimit(
  trx: Trx,
  portfolioId: string,
  rules: ClassRules,
  order: { symbol: string; addCents: Cents; feeCents: Cents; field: string },
): Promise<void> {
  if (rules.maxPositionPercent === null || rules.maxPositionPercent >= 100) return;
  const { symbol } = order;
  const [value] = (
    await sql<ValueRow>`SELECT p.cash_cents,
      (SELECT sum(purchase_cents) FROM limit_orders WHERE portfolio_id = p.id AND status = 'WORKING'
        AND type = 'PURCHASE' AND purchase_cents IS NOT NULL) AS reserved_cents,
      (SELECT sum(purchase_cents) FROM limit_orders WHERE portfolio_id = p.id AND status = 'WORKING'
        AND type = 'PURCHASE' AND purchase_cents IS NOT NULL AND symbol = ${symbol}) AS symbol_reserved_cents
      , c.price_kind, c.starts_at, c.replay_from, c.replay_to, c.replay_speed
      FROM portfolios p LEFT JOIN contests c ON c.id = p.contest_id
      WHERE p.id = ${portfolioId}`.execute(trx)
  ).rows;
  const holdings = (
    await sql<HoldingRow>`SELECT t.symbol, t.shares, a.price FROM lot_totals t
      LEFT JOIN assets a ON a.symbol = t.symbol WHERE t.portfolio_id = ${portfolioId} AND t.shares > 0`.execute(
      trx,
    )
  ).rows;
  if (!value) return;
  // A replay class's holdings are worth their replayed prices, as its board values them.
  const replayed = await replayedPrices(
    trx,
    value,
    holdings.map((h) => h.symbol),
  );
  let total = BigInt(value.cash_cents) + BigInt(value.reserved_cents ?? 0);
  let asset = BigInt(value.symbol_reserved_cents ?? 0);
  for (const h of holdings) {
    const worth = valueOfShares(BigInt(h.shares), replayed?.get(h.symbol) ?? BigInt(h.price ?? 0));
    total += worth;
    if (h.symbol === symbol) asset += worth;
  }
  const after = asset + order.addCents;
  const totalAfter = total - order.feeCents;
  if (after * 100n > BigInt(rules.maxPositionPercent) * totalAfter) {
    const room = (BigInt(rules.maxPositionPercent) * totalAfter) / 100n - asset;
    throw badRequest(
      'POSITION_LIMIT',
      `Your class allows at most ${rules.maxPositionPercent}% of the portfolio in one asset: ${symbol} can take about ${usdText(room < 0n ? 0n : room)} more`,
      order.field,
    );
  }
}
