import { sql, type Kysely } from 'kysely';

/**
 * Running totals of each holding's open lots (decision 006), so an average cost is one row read
 * instead of every open lot: `shares` = the open lots' shares, `cost` = sum(shares x price) over
 * them, exact, in 1e-16 dollars. `cost` is decimal text because it outgrows 64 bits (a $10^10
 * position is 10^26 units) and SQLite has no wider integer; only the ledger writes it, under the
 * user's row lock, so reading, adding in bigint and writing back is safe.
 *
 * Plus a notifications index that serves the user record's `ORDER BY created_at DESC, id DESC`
 * in order, so its LIMIT stops after 100 rows without sorting all of a user's notifications.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lot_totals')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('shares', 'bigint', (c) => c.notNull().check(sql`shares > 0`))
    .addColumn('cost', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lot_totals_pk', ['user_id', 'symbol'])
    .execute();
  await backFill(db);
  await db.schema
    .createIndex('notifications_user_time_id')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('notifications_user_time').execute();
}

interface LotRow {
  id: string;
  user_id: string;
  symbol: string;
  shares: bigint | number | string;
  price: bigint | number | string;
}

/** Sums the existing lots in bigint (SQL's 64-bit SUM could overflow), a page at a time by id; exported for its test. */
export async function backFill(db: Kysely<unknown>): Promise<void> {
  const totals = new Map<
    string,
    { user_id: string; symbol: string; shares: bigint; cost: bigint }
  >();
  let after = '';
  for (;;) {
    const { rows } = await sql<LotRow>`
      SELECT id, user_id, symbol, shares, price FROM lots WHERE id > ${after} ORDER BY id LIMIT 5000`.execute(
      db,
    );
    for (const lot of rows) {
      const key = `${lot.user_id}\u0000${lot.symbol}`;
      const total = totals.get(key) ?? {
        user_id: lot.user_id,
        symbol: lot.symbol,
        shares: 0n,
        cost: 0n,
      };
      total.shares += BigInt(lot.shares);
      total.cost += BigInt(lot.shares) * BigInt(lot.price);
      totals.set(key, total);
    }
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
  }
  const values = [...totals.values()].filter((t) => t.shares > 0n);
  for (let i = 0; i < values.length; i += 500) {
    const part = values
      .slice(i, i + 500)
      .map((t) => sql`(${t.user_id}, ${t.symbol}, ${t.shares}, ${t.cost.toString()})`);
    await sql`INSERT INTO lot_totals (user_id, symbol, shares, cost) VALUES ${sql.join(part)}`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
