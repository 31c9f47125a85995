import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { ASSET_CATALOG } from './asset-catalog.ts';
import { saveState } from './market-state.ts';
import { createRandom, seedState } from './random.ts';
import { generateHistory, type CandleRow } from './simulator.ts';
import { inTransaction } from '../db/transaction.ts';

/** History walks in 15-second steps over the last day (believable 1m highs and lows), minutes before. */
export const HISTORY_STEP_MS = 15_000;
export const HISTORY_COARSE_STEP_MS = 60_000;
/** Rows per INSERT: far below SQLite's and PostgreSQL's bound-parameter limits (7 per row). */
const CHUNK = 500;
/** Serializes first starts of several instances on one PostgreSQL (advisory lock key). */
const SEED_LOCK_KEY = 7_305_117_001;

export interface SeedOptions {
  isPostgres: boolean;
  seed: string;
  historyDays: number;
  now: number;
}

/**
 * On a new database: inserts the catalog, its past candles and the simulator state, all in
 * one transaction, so a crash halfway leaves an empty market that the next start fills again.
 * Returns false (and touches nothing) when the market already exists.
 */
export async function seedMarketIfEmpty(db: Kysely<DB>, options: SeedOptions): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (options.isPostgres) await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const existing = await trx.selectFrom('assets').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    await trx
      .insertInto('assets')
      .values(
        ASSET_CATALOG.map((asset, position) => ({
          id: asset.id,
          symbol: asset.symbol,
          name: asset.name,
          position,
          price: asset.price,
          volatility: asset.volatility,
          updated_at: options.now,
        })),
      )
      .execute();

    // A stream of its own, so the live ticks start from the seed whatever the history length.
    const random = createRandom(`${options.seed}:history`);
    for (const asset of ASSET_CATALOG) {
      const rows = generateHistory({
        endPrice: asset.price,
        volatility: asset.volatility,
        end: options.now,
        days: options.historyDays,
        stepMs: HISTORY_STEP_MS,
        coarseStepMs: HISTORY_COARSE_STEP_MS,
        random,
      });
      await insertCandles(trx, asset.id, rows);
    }
    await saveState(trx, { rng: seedState(options.seed), lastTickAt: options.now });
    return true;
  });
}

async function insertCandles(
  trx: Transaction<DB>,
  assetId: string,
  rows: CandleRow[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('candles')
      .values(
        rows.slice(i, i + CHUNK).map((row) => ({
          asset_id: assetId,
          interval: row.interval,
          start_ts: row.startTs,
          open: row.open,
          high: row.high,
          low: row.low,
          close: row.close,
        })),
      )
      .execute();
  }
}
