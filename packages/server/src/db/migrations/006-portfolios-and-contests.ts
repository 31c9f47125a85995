import { sql, type Kysely } from 'kysely';

/**
 * Portfolios, contests and classes (docs/decisions/010-portfolios.md). Money moves from the user to the
 * portfolio: a user has a MAIN portfolio (its id is the user's id, its wallet the user's wallet, so
 * every existing row keeps its meaning) and one CONTEST portfolio per contest or class joined.
 *
 * The money tables are rebuilt keyed on `portfolio_id` (SQLite cannot re-point a foreign key
 * in place); their rows are copied as they are, since each old user id is now its main
 * portfolio's id. Transactions gain `fee_cents`, the fee a contest's rules charged on that fill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('starting_balance_cents', 'bigint', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('allowed_symbols', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('order_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('fee_bps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_min_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lessons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('join_code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** Set once the end was carried out: working orders cancelled, the board frozen. */
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('contests_owner')
    .on('contests')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('contests_public')
    .on('contests')
    .columns(['visibility', 'ends_at'])
    .execute();
  // What each tick's end check reads: only the contests not yet closed, by end time.
  await db.schema
    .createIndex('contests_to_close')
    .on('contests')
    .column('ends_at')
    .where(sql.ref('closed_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('portfolios')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('contest_id', 'text', (c) => c.references('contests.id').onDelete('cascade'))
    .addColumn('wallet_address', 'text', (c) => c.notNull().unique())
    .addColumn('cash_cents', 'bigint', (c) => c.notNull().check(sql`cash_cents >= 0`))
    .addColumn('starting_balance_cents', 'bigint', (c) => c.notNull())
    .addColumn('epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reset_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** A member removed by the owner, or who left: no longer on the board nor tradable. */
    .addColumn('closed_at', 'bigint')
    /** The total when its contest ended, at that moment's prices: the frozen board's figure. */
    .addColumn('final_balance_cents', 'bigint')
    .execute();
  await db.schema
    .createIndex('portfolios_user')
    .on('portfolios')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('portfolios_contest')
    .on('portfolios')
    .columns(['contest_id', 'created_at'])
    .execute();
  await sql`
    INSERT INTO portfolios (id, user_id, kind, contest_id, wallet_address, cash_cents, starting_balance_cents, epoch, reset_at, created_at, closed_at)
    SELECT id, id, 'MAIN', NULL, wallet_address, cash_cents, starting_balance_cents, epoch, reset_at, created_at, NULL FROM users`.execute(
    db,
  );

  await rebuild(
    db,
    'holdings',
    async (name) => {
      await db.schema
        .createTable(name)
        .addColumn('portfolio_id', 'text', (c) =>
          c.notNull().references('portfolios.id').onDelete('cascade'),
        )
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('shares', 'bigint', (c) => c.notNull().check(sql`shares >= 0`))
        .addPrimaryKeyConstraint(`${name}_pk`, ['portfolio_id', 'symbol'])
        .execute();
    },
    'portfolio_id, symbol, shares',
    'user_id, symbol, shares',
  );

  await rebuild(
    db,
    'lots',
    async (name) => {
      await db.schema
        .createTable(name)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('portfolio_id', 'text', (c) =>
          c.notNull().references('portfolios.id').onDelete('cascade'),
        )
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('shares', 'bigint', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    'id, portfolio_id, symbol, shares, price, created_at',
    'id, user_id, symbol, shares, price, created_at',
  );
  await db.schema
    .createIndex('lots_portfolio_symbol')
    .on('lots')
    .columns(['portfolio_id', 'symbol', 'id'])
    .execute();

  await rebuild(
    db,
    'lot_totals',
    async (name) => {
      await db.schema
        .createTable(name)
        .addColumn('portfolio_id', 'text', (c) =>
          c.notNull().references('portfolios.id').onDelete('cascade'),
        )
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('shares', 'bigint', (c) => c.notNull().check(sql`shares > 0`))
        .addColumn('cost', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${name}_pk`, ['portfolio_id', 'symbol'])
        .execute();
    },
    'portfolio_id, symbol, shares, cost',
    'user_id, symbol, shares, cost',
  );

  await rebuild(
    db,
    'transactions',
    async (name) => {
      await db.schema
        .createTable(name)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('portfolio_id', 'text', (c) =>
          c.notNull().references('portfolios.id').onDelete('cascade'),
        )
        .addColumn('epoch', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('shares', 'bigint', (c) => c.notNull())
        .addColumn('total_cents', 'bigint', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('fee_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('position_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    'id, portfolio_id, epoch, type, method, symbol, shares, total_cents, price, position_id, created_at',
    'id, user_id, epoch, type, method, symbol, shares, total_cents, price, position_id, created_at',
  );
  await db.schema
    .createIndex('transactions_portfolio_time')
    .on('transactions')
    .columns(['portfolio_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('transactions_symbol_time')
    .on('transactions')
    .columns(['symbol', 'created_at'])
    .execute();

  await rebuild(
    db,
    'limit_orders',
    async (name) => {
      await db.schema
        .createTable(name)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('portfolio_id', 'text', (c) =>
          c.notNull().references('portfolios.id').onDelete('cascade'),
        )
        .addColumn('epoch', 'integer', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('limit_price', 'bigint', (c) => c.notNull())
        .addColumn('purchase_cents', 'bigint')
        .addColumn('sell_shares', 'bigint')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .addColumn('fill_price', 'bigint')
        .addColumn('transaction_id', 'text')
        .execute();
    },
    'id, portfolio_id, epoch, symbol, type, limit_price, purchase_cents, sell_shares, status, created_at, closed_at, fill_price, transaction_id',
    'id, user_id, epoch, symbol, type, limit_price, purchase_cents, sell_shares, status, created_at, closed_at, fill_price, transaction_id',
  );
  // The trigger's index and the per-portfolio ones of migrations 001 and 002, on the new key.
  await db.schema
    .createIndex('limit_orders_working')
    .on('limit_orders')
    .columns(['symbol', 'type', 'limit_price'])
    .where(sql.ref('status'), '=', 'WORKING')
    .execute();
  await db.schema
    .createIndex('limit_orders_portfolio')
    .on('limit_orders')
    .columns(['portfolio_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('limit_orders_portfolio_working')
    .on('limit_orders')
    .columns(['portfolio_id', 'type', 'symbol', 'purchase_cents', 'sell_shares'])
    .where(sql.ref('status'), '=', 'WORKING')
    .execute();

  await rebuild(
    db,
    'balance_snapshots',
    async (name) => {
      await db.schema
        .createTable(name)
        .addColumn('portfolio_id', 'text', (c) =>
          c.notNull().references('portfolios.id').onDelete('cascade'),
        )
        .addColumn('epoch', 'integer', (c) => c.notNull())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('balance_cents', 'bigint', (c) => c.notNull())
        .execute();
    },
    'portfolio_id, epoch, ts, balance_cents',
    'user_id, epoch, ts, balance_cents',
  );
  await db.schema
    .createIndex('balance_snapshots_portfolio_epoch_time')
    .on('balance_snapshots')
    .columns(['portfolio_id', 'epoch', 'ts', 'balance_cents'])
    .execute();

  for (const column of ['cash_cents', 'starting_balance_cents', 'epoch', 'reset_at']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}

/** Creates `<table>_next` with `create`, copies every row into it, and puts it in the old one's place. */
async function rebuild(
  db: Kysely<unknown>,
  table: string,
  create: (name: string) => Promise<void>,
  newColumns: string,
  oldColumns: string,
): Promise<void> {
  const next = `${table}_next`;
  await create(next);
  await sql`INSERT INTO ${sql.table(next)} (${sql.raw(newColumns)}) SELECT ${sql.raw(oldColumns)} FROM ${sql.table(table)}`.execute(
    db,
  );
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(next).renameTo(table).execute();
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
