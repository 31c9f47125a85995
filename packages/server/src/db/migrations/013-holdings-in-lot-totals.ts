import { sql, type Kysely } from 'kysely';

/**
 * A portfolio's shares of a symbol in one row (docs/decisions/024-holdings-in-lot-totals.md):
 * lot_totals gains `free_shares`, the shares no working sell reserves, which `holdings` kept in a
 * row of its own that every buy, sell and fill wrote beside the lot totals. The open lots hold
 * every share, free or reserved, so free_shares <= shares, and the database checks it.
 *
 * A holding without open lots to match (more free shares than its lot totals count, or no lot
 * totals at all) is a broken ledger that no path of the product writes; should one exist, the
 * missing shares become an open lot at the asset's price now (1e-8 dollars when it is not
 * listed), so the free shares are kept and the lots still hold every share.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await coverHoldingsWithLots(db);
  await sql`ALTER TABLE lot_totals ADD COLUMN free_shares bigint NOT NULL DEFAULT 0
    CHECK (free_shares >= 0 AND free_shares <= shares)`.execute(db);
  await sql`UPDATE lot_totals SET free_shares = COALESCE((SELECT h.shares FROM holdings h
    WHERE h.portfolio_id = lot_totals.portfolio_id AND h.symbol = lot_totals.symbol), 0)`.execute(
    db,
  );
  await db.schema.dropTable('holdings').execute();
}

interface UncoveredRow {
  portfolio_id: string;
  symbol: string;
  free: bigint | number | string;
  lot_shares: bigint | number | string | null;
  cost: string | null;
  price: bigint | number | string | null;
}

/** Adds the lot (and its lot totals) that a holding's free shares lack, if any does. */
async function coverHoldingsWithLots(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<UncoveredRow>`SELECT h.portfolio_id, h.symbol, h.shares AS free,
      t.shares AS lot_shares, t.cost, (SELECT a.price FROM assets a WHERE a.symbol = h.symbol) AS price
    FROM holdings h LEFT JOIN lot_totals t ON t.portfolio_id = h.portfolio_id AND t.symbol = h.symbol
    WHERE h.shares > COALESCE(t.shares, 0)`.execute(db);
  const at = Date.now();
  for (const r of rows) {
    const missing = BigInt(r.free) - BigInt(r.lot_shares ?? 0);
    const price = r.price === null ? 1n : BigInt(r.price);
    const shares = BigInt(r.lot_shares ?? 0) + missing;
    // cost stays decimal text (decision 006): it outgrows 64 bits.
    const cost = (BigInt(r.cost ?? '0') + missing * price).toString();
    // Sorts before every id newId makes (lots are sold oldest id first): these shares were held first.
    const id = `0-m013-${r.portfolio_id}-${r.symbol}`;
    await sql`INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at)
      VALUES (${id}, ${r.portfolio_id}, ${r.symbol}, ${missing}, ${price}, ${at})`.execute(db);
    await sql`INSERT INTO lot_totals (portfolio_id, symbol, shares, cost) VALUES (${r.portfolio_id}, ${r.symbol}, ${shares}, ${cost})
      ON CONFLICT (portfolio_id, symbol) DO UPDATE SET shares = excluded.shares, cost = excluded.cost`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
