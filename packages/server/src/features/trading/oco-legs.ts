import { trailingStop, type PriceUnits, type ShareUnits, type Trail } from '@papertrade/domain';
import { sql } from 'kysely';
import { newId } from '../../db/new-id.ts';
import type { Trx } from '../../db/transaction.ts';
import { chunks } from '../../users/chunks.ts';
import type { LimitOrderRow } from './limit-order-row.ts';

/**
 * Take-profit and stop-loss legs (decision 015): the pair a bracket opens when its purchase
 * fills, or an OCO pair on held shares. A pair reserves its shares once, on the leg whose id is
 * the group's (ledger/reserved-orders.ts); when one leg fills, the other is cancelled in the same
 * transaction; when one ends without filling, the other stands alone with the reservation.
 */

/** A purchase's bracket as stored on it until it fills. */
export interface BracketTerms {
  takeProfit: PriceUnits | null;
  stopLoss: { stop: PriceUnits } | { trail: Trail } | null;
}

type BracketColumns = Pick<
  LimitOrderRow,
  'tp_limit_price' | 'sl_stop_price' | 'sl_trail_bps' | 'sl_trail_amount'
>;

export function bracketOf(row: BracketColumns): BracketTerms | null {
  const takeProfit = row.tp_limit_price === null ? null : BigInt(row.tp_limit_price);
  let stopLoss: BracketTerms['stopLoss'] = null;
  if (row.sl_stop_price !== null) stopLoss = { stop: BigInt(row.sl_stop_price) };
  else if (row.sl_trail_bps !== null) stopLoss = { trail: { bps: BigInt(row.sl_trail_bps) } };
  else if (row.sl_trail_amount !== null)
    stopLoss = { trail: { amount: BigInt(row.sl_trail_amount) } };
  return takeProfit === null && stopLoss === null ? null : { takeProfit, stopLoss };
}

export function bracketColumns(terms: BracketTerms | null): BracketColumns {
  const sl = terms?.stopLoss ?? null;
  return {
    tp_limit_price: terms?.takeProfit ?? null,
    sl_stop_price: sl && 'stop' in sl ? sl.stop : null,
    sl_trail_bps: sl && 'trail' in sl && 'bps' in sl.trail ? sl.trail.bps : null,
    sl_trail_amount: sl && 'trail' in sl && 'amount' in sl.trail ? sl.trail.amount : null,
  };
}

export interface LegsInput {
  portfolioId: string;
  epoch: bigint;
  symbol: string;
  /** The shares both legs sell: reserved once, on the take-profit when there are two legs. */
  shares: ShareUnits;
  terms: BracketTerms;
  /** The price a trailing stop-loss starts from: the fill's tick, or the current price. */
  price: PriceUnits;
  at: number;
  parentId: string | null;
  timeInForce: string;
  expiresAt: bigint | null;
  /** An OCO pair's note, kept on both legs (a bracket's legs have none: the purchase has it). */
  note?: string | null;
}

/** The working rows of a pair (or of a lone leg), ready to insert. */
export function legRows(input: LegsInput): LimitOrderRow[] {
  const { terms } = input;
  const base = {
    portfolio_id: input.portfolioId,
    epoch: input.epoch,
    symbol: input.symbol,
    type: 'SELL',
    time_in_force: input.timeInForce,
    expires_at: input.expiresAt,
    triggered_at: null,
    purchase_cents: null,
    sell_shares: input.shares,
    status: 'WORKING',
    created_at: BigInt(input.at),
    closed_at: null,
    fill_price: null,
    transaction_id: null,
    parent_id: input.parentId,
    note: input.note ?? null,
    filled_shares: 0n,
    ...bracketColumns(null),
  };
  const rows: LimitOrderRow[] = [];
  if (terms.takeProfit !== null) {
    rows.push({
      ...base,
      id: newId(input.at),
      oco_group_id: null,
      leg: 'TAKE_PROFIT',
      order_type: 'LIMIT',
      armed: 0n,
      limit_price: terms.takeProfit,
      stop_price: null,
      trail_bps: null,
      trail_amount: null,
      water_mark: null,
    });
  }
  const sl = terms.stopLoss;
  if (sl !== null) {
    const trail = 'trail' in sl ? sl.trail : null;
    rows.push({
      ...base,
      id: newId(input.at),
      oco_group_id: null,
      leg: 'STOP_LOSS',
      order_type: trail ? 'TRAILING_STOP' : 'STOP',
      armed: 1n,
      limit_price: 0n,
      stop_price: trail ? trailingStop('SELL', input.price, trail) : 'stop' in sl ? sl.stop : null,
      trail_bps: trail && 'bps' in trail ? trail.bps : null,
      trail_amount: trail && 'amount' in trail ? trail.amount : null,
      water_mark: trail ? input.price : null,
    });
  }
  // Two legs are a pair; the first (the take-profit) holds the reservation.
  const [first, second] = rows;
  if (first && second) {
    first.oco_group_id = first.id;
    second.oco_group_id = first.id;
  }
  return rows;
}

/** Inserts legs in a few statements whatever their number (each row binds about 30 parameters). */
export async function insertLegs(trx: Trx, rows: readonly LimitOrderRow[]): Promise<void> {
  for (const part of chunks(rows, 200)) await trx.insertInto('limit_orders').values(part).execute();
}

/**
 * The other legs of the pairs whose leg just filled: cancelled in the fill's transaction, with
 * nothing given back (the filled leg sold the shares they shared). Answers how many.
 */
export async function cancelOtherLegs(
  trx: Trx,
  groupIds: readonly string[],
  at: number,
): Promise<number> {
  let cancelled = 0;
  for (const part of chunks([...new Set(groupIds)])) {
    const result = await trx
      .updateTable('limit_orders')
      .set({ status: 'CANCELLED', closed_at: at })
      .where(sql<boolean>`status = 'WORKING' AND oco_group_id IS NOT NULL`)
      .where('oco_group_id', 'in', part)
      .executeTakeFirst();
    cancelled += Number(result.numUpdatedRows);
  }
  return cancelled;
}
