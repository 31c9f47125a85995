import type { PriceUnits } from '@papertrade/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { notFound } from '../http/app-error.ts';
import { parseState, saveState, STATE_KEY } from './market-state.ts';
import { createRandom } from './random.ts';
import { bucketStart, CANDLE_INTERVALS, INTERVAL_MS, stepPrice } from './simulator.ts';
import { inTransaction } from '../db/transaction.ts';

/** 1m candles are kept two days: enough for the 24-hour chart and the day change. */
export const MINUTE_CANDLES_KEPT_MS = 2 * INTERVAL_MS['1d'];
const PRUNE_MARGIN_MS = INTERVAL_MS['1d'];

export interface TickInput {
  isPostgres: boolean;
  seed: string;
  at: number;
  dtYears: number;
  /** Market control: this asset takes this price and every other asset keeps its own. */
  override?: { assetId: string; price: PriceUnits };
}

export interface TickedAsset {
  id: string;
  symbol: string;
  price: PriceUnits;
}

/**
 * One tick's writes in one transaction: new prices, the open 1m/1h/1d candles, the simulator
 * state. Prices and state are read inside it (row-locked on PostgreSQL), so ticks from two
 * instances, or a market-control call on another instance, never interleave.
 */
export async function applyTick(db: Kysely<DB>, input: TickInput): Promise<TickedAsset[]> {
  return inTransaction(db, async (trx) => {
    let stateQuery = trx.selectFrom('market_state').select('value').where('key', '=', STATE_KEY);
    if (input.isPostgres) stateQuery = stateQuery.forUpdate();
    const stateRow = await stateQuery.executeTakeFirst();
    const state = parseState(stateRow?.value, input.seed, input.at);
    const rows = await trx
      .selectFrom('assets')
      .select(['id', 'symbol', 'price', 'volatility'])
      .orderBy('position')
      .execute();
    const { override } = input;
    if (override && !rows.some((row) => row.id === override.assetId)) {
      throw notFound('ASSET_NOT_FOUND', `No asset with id "${override.assetId}"`);
    }

    const random = createRandom(state.rng);
    const ticked = rows.map((row) => {
      const previous = BigInt(row.price);
      let price: PriceUnits;
      if (override) price = row.id === override.assetId ? override.price : previous;
      else price = stepPrice(previous, Number(row.volatility), input.dtYears, random);
      return { id: row.id, symbol: row.symbol, previous, price };
    });
    if (ticked.length === 0) return [];

    await trx
      .updateTable('assets')
      .set({
        price: sql<bigint>`case ${sql.ref('id')} ${sql.join(
          ticked.map((a) => sql`when ${a.id} then cast(${a.price} as bigint)`),
          sql` `,
        )} else ${sql.ref('price')} end`,
        updated_at: input.at,
      })
      .where(
        'id',
        'in',
        ticked.map((a) => a.id),
      )
      .execute();
    await upsertCandles(trx, input, ticked);
    if (bucketStart('1m', state.lastTickAt) !== bucketStart('1m', input.at)) {
      // Only what aged out since the last tick (a day's margin before it): the simulator wrote
      // nothing older, and imported history further back stays (docs/decisions/026-imported-history.md).
      await trx
        .deleteFrom('candles')
        .where(
          'asset_id',
          'in',
          ticked.map((a) => a.id),
        )
        .where('interval', '=', '1m')
        .where(
          'start_ts',
          '>=',
          BigInt(state.lastTickAt - MINUTE_CANDLES_KEPT_MS - PRUNE_MARGIN_MS),
        )
        .where('start_ts', '<', BigInt(input.at - MINUTE_CANDLES_KEPT_MS))
        .execute();
    }
    await saveState(trx, { rng: override ? state.rng : random.state(), lastTickAt: input.at });
    return ticked.map(({ id, symbol, price }) => ({ id, symbol, price }));
  });
}

async function upsertCandles(
  trx: Transaction<DB>,
  input: TickInput,
  ticked: { id: string; previous: PriceUnits; price: PriceUnits }[],
): Promise<void> {
  // A new candle opens where the previous price stood; an open one widens and moves its close.
  const values = ticked.flatMap((a) =>
    CANDLE_INTERVALS.map((interval) => ({
      asset_id: a.id,
      interval,
      start_ts: bucketStart(interval, input.at),
      open: a.previous,
      high: a.price > a.previous ? a.price : a.previous,
      low: a.price < a.previous ? a.price : a.previous,
      close: a.price,
    })),
  );
  const [max, min] = input.isPostgres ? ['greatest', 'least'] : ['max', 'min'];
  await trx
    .insertInto('candles')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['asset_id', 'interval', 'start_ts']).doUpdateSet({
        high: sql<bigint>`${sql.raw(max)}(${sql.ref('candles.high')}, ${sql.ref('excluded.close')})`,
        low: sql<bigint>`${sql.raw(min)}(${sql.ref('candles.low')}, ${sql.ref('excluded.close')})`,
        close: sql<bigint>`${sql.ref('excluded.close')}`,
      }),
    )
    .execute();
}
