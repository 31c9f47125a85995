import { sql } from 'kysely';
import { batchRows } from '../db/batch-rows.ts';
import type { Trx } from '../db/transaction.ts';
import { ledgerAssert } from './ledger-assertions.ts';

/**
 * The ledger's step that writes transaction rows (docs/decisions/021-ledger-steps.md): a market
 * order's one row and a fill batch's many go through the same statement, bound as a fixed number
 * of parameters whatever the batch size (db/batch-rows.ts), in the transaction that moved their
 * money. The caller holds the portfolios' row locks.
 */

export interface TransactionRecord {
  id: string;
  portfolioId: string;
  /** The portfolio's epoch read under its lock. */
  epoch: bigint;
  type: 'PURCHASE' | 'SELL';
  /** MARKET or LIMIT (every working order's fill is LIMIT on the wire). */
  method: string;
  symbol: string;
  shares: bigint;
  totalCents: bigint;
  price: bigint;
  feeCents: bigint;
  /** The working order it filled; null for a market order. */
  positionId: string | null;
  /** The working order's note (migration 023), which its fill carries; the claim read it. */
  note: string | null;
  at: number;
  /** Why a working order filled: its kind, the tick's price and the reason in words. */
  trigger?: { type: string; price: bigint; reason: string } | null;
  /**
   * A fill that walked the simulated book (a triggered stop, stop-walk.ts): the mid it walked
   * from and how many levels it took, as a market order's row has them (migration 024).
   */
  book?: { midPrice: bigint; levels: bigint } | null;
}

/** Writes the rows in one statement; each one's amounts are asserted first (nothing written when one is wrong). */
export async function recordTransactions(
  trx: Trx,
  records: readonly TransactionRecord[],
): Promise<void> {
  if (!records.length) return;
  for (const r of records)
    ledgerAssert(
      r.shares > 0n && r.totalCents >= 0n && r.price > 0n && r.feeCents >= 0n,
      `transaction ${r.id}: ${r.shares} shares for ${r.totalCents} cents at ${r.price}, fee ${r.feeCents}`,
      [r.portfolioId],
    );
  const rows = batchRows(
    trx,
    {
      id: 'text',
      portfolio_id: 'text',
      epoch: 'bigint',
      type: 'text',
      method: 'text',
      symbol: 'text',
      shares: 'bigint',
      total_cents: 'bigint',
      price: 'bigint',
      fee_cents: 'bigint',
      position_id: 'text',
      created_at: 'bigint',
      trigger_type: 'text',
      trigger_price: 'bigint',
      trigger_reason: 'text',
      mid_price: 'bigint',
      levels: 'bigint',
      note: 'text',
    },
    records.map((r) => [
      r.id,
      r.portfolioId,
      r.epoch,
      r.type,
      r.method,
      r.symbol,
      r.shares,
      r.totalCents,
      r.price,
      r.feeCents,
      r.positionId,
      r.at,
      r.trigger?.type ?? null,
      r.trigger?.price ?? null,
      r.trigger?.reason ?? null,
      r.book?.midPrice ?? null,
      r.book?.levels ?? null,
      r.note,
    ]),
  );
  await sql`INSERT INTO transactions (id, portfolio_id, epoch, "type", method, symbol, shares, total_cents, price, fee_cents, position_id, created_at,
      trigger_type, trigger_price, trigger_reason, mid_price, levels, note)
    SELECT c.id, c.portfolio_id, c.epoch, c."type", c.method, c.symbol, c.shares, c.total_cents, c.price, c.fee_cents, c.position_id, c.created_at,
      c.trigger_type, c.trigger_price, c.trigger_reason, c.mid_price, c.levels, c.note
    FROM ${rows} AS c`.execute(trx);
}
