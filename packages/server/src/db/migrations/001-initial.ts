import { sql, type Kysely } from 'kysely';

// Written once with the schema builder so SQLite and PostgreSQL get the same tables.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('account_type', 'text', (c) => c.notNull())
    .addColumn('wallet_address', 'text', (c) => c.notNull().unique())
    .addColumn('cash_cents', 'bigint', (c) => c.notNull().check(sqlNonNegative('cash_cents')))
    .addColumn('starting_balance_cents', 'bigint', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('watchlist', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reset_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('verification_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_user')
    .on('verification_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('holdings')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('shares', 'bigint', (c) => c.notNull().check(sqlNonNegative('shares')))
    .addPrimaryKeyConstraint('holdings_pk', ['user_id', 'symbol'])
    .execute();

  await db.schema
    .createTable('lots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('shares', 'bigint', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lots_user_symbol')
    .on('lots')
    .columns(['user_id', 'symbol', 'id'])
    .execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('epoch', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('shares', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('position_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transactions_user_time')
    .on('transactions')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('transactions_symbol_time')
    .on('transactions')
    .columns(['symbol', 'created_at'])
    .execute();

  await db.schema
    .createTable('limit_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
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
  // The trigger's index: only working orders, ordered by limit price per symbol and side,
  // so a tick reads exactly the orders it crosses (docs/architecture.md, Order execution).
  await db.schema
    .createIndex('limit_orders_working')
    .on('limit_orders')
    .columns(['symbol', 'type', 'limit_price'])
    .where(sql.ref('status'), '=', 'WORKING')
    .execute();
  await db.schema
    .createIndex('limit_orders_user')
    .on('limit_orders')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_time')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema.createIndex('follows_followee').on('follows').column('followee_id').execute();

  await db.schema
    .createTable('balance_snapshots')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('epoch', 'integer', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('balance_snapshots_user_time')
    .on('balance_snapshots')
    .columns(['user_id', 'ts'])
    .execute();

  await db.schema
    .createTable('assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('volatility', 'real', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('candles')
    .addColumn('asset_id', 'text', (c) => c.notNull())
    .addColumn('interval', 'text', (c) => c.notNull())
    .addColumn('start_ts', 'bigint', (c) => c.notNull())
    .addColumn('open', 'bigint', (c) => c.notNull())
    .addColumn('high', 'bigint', (c) => c.notNull())
    .addColumn('low', 'bigint', (c) => c.notNull())
    .addColumn('close', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('candles_pk', ['asset_id', 'interval', 'start_ts'])
    .execute();

  await db.schema
    .createTable('market_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
}

function sqlNonNegative(column: string) {
  return sql`${sql.ref(column)} >= 0`;
}

export async function down(): Promise<void> {
  // Forward-only: the product never migrates down in place.
}
