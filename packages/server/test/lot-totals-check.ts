import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';

/**
 * The ledger check's part for the running cost totals (decision 006): each holding's lot_totals
 * row must equal its open lots' sum(shares) and sum(shares x price) exactly, and a holding with
 * no open lot must have no row. Summed here in bigint, the way no production path sums them.
 */
export async function lotTotalsViolations(trx: Kysely<DB>, userId: string): Promise<string[]> {
  const lots = await trx
    .selectFrom('lots')
    .select(['symbol', 'shares', 'price'])
    .where('portfolio_id', '=', userId)
    .execute();
  const totals = await trx
    .selectFrom('lot_totals')
    .select(['symbol', 'shares', 'cost'])
    .where('portfolio_id', '=', userId)
    .execute();
  const expected = new Map<string, { shares: bigint; cost: bigint }>();
  for (const lot of lots) {
    const e = expected.get(lot.symbol) ?? { shares: 0n, cost: 0n };
    expected.set(lot.symbol, {
      shares: e.shares + BigInt(lot.shares),
      cost: e.cost + BigInt(lot.shares) * BigInt(lot.price),
    });
  }
  const violations: string[] = [];
  for (const t of totals) {
    const e = expected.get(t.symbol) ?? { shares: 0n, cost: 0n };
    if (BigInt(t.shares) !== e.shares || t.cost !== e.cost.toString()) {
      violations.push(
        `${t.symbol}: lot totals ${t.shares} shares, cost ${t.cost} != open lots ${e.shares} shares, cost ${e.cost}`,
      );
    }
    expected.delete(t.symbol);
  }
  for (const [symbol, e] of expected)
    violations.push(`${symbol}: open lots (${e.shares} shares) have no lot totals row`);
  return violations;
}
