import type { Kysely } from 'kysely';

/**
 * Candles imported from an exchange's files carry the base asset's traded volume, in share units
 * (1e-8 of a coin, as holdings are), so a replay can size its book from it later. The simulator
 * trades nothing: its candles keep null (docs/decisions/026-imported-history.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('candles').addColumn('volume', 'bigint').execute();
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
