import { sql, type Kysely } from 'kysely';

/**
 * The working sells that hold their shares (an OCO pair's second leg holds none), by portfolio,
 * symbol and size: what a balance point values them from (users/total-balance.ts
 * loadPortfolioTotals). Read through limit_orders_portfolio_working, each of those rows cost a
 * table read for the pair columns and the grouping a sort; here they are one ordered index range
 * per portfolio. A tick's 1,000 fills value the working orders of the ~1,000 portfolios they
 * touched (docs/performance.md, Fills).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX limit_orders_reserved_sells ON limit_orders (portfolio_id, symbol, sell_shares)
    WHERE status = 'WORKING' AND type = 'SELL' AND (oco_group_id IS NULL OR oco_group_id = id)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
