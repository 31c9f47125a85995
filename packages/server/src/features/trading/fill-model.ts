import type { FillModel, OrderSide, PriceUnits, ShareUnits } from '@papertrade/domain';
import { sql, type Kysely } from 'kysely';
import { batchIds } from '../../db/batch-rows.ts';
import type { DB } from '../../db/schema.ts';
import { allocateVolume, type Allocation, type CrossedSize } from './allocate-volume.ts';
import { portfolioFillModel } from './trading-costs.ts';

/**
 * Of these portfolios, the ones that fill IDEAL: their resting orders fill whole at the tick's price,
 * as before partial fills (docs/decisions/040-partial-fills.md). The fill model is chosen as for
 * market orders (docs/decisions/039-book-fills-without-a-lock.md): a main portfolio's owner's
 * `fill_model` setting, a contest's `fillModel` rule, else the server's default.
 */
export async function idealPortfolios(
  db: Kysely<DB>,
  portfolioIds: ReadonlySet<string>,
  defaultModel: FillModel = 'BOOK',
): Promise<Set<string>> {
  if (!portfolioIds.size) return new Set();
  const { rows } = await sql<{
    id: string;
    contest_id: string | null;
    settings: string | null;
    fill_model: string | null;
  }>`SELECT p.id, p.contest_id, u.settings, c.fill_model
    FROM portfolios p JOIN users u ON u.id = p.user_id LEFT JOIN contests c ON c.id = p.contest_id
    WHERE p.id IN (SELECT id FROM ${batchIds(db, [...portfolioIds])} AS b)`.execute(db);
  const ideal = new Set<string>();
  for (const r of rows) if (portfolioFillModel(r, defaultModel) === 'IDEAL') ideal.add(r.id);
  return ideal;
}

/**
 * A tick's traded shares handed to crossed orders (allocateVolume), the owners' fill models read
 * only when the volume runs short: then the IDEAL owners' orders fill whole and take none of it.
 */
export async function allocateByFillModel(
  db: Kysely<DB>,
  side: OrderSide,
  price: PriceUnits,
  orders: readonly CrossedSize[],
  volume: ShareUnits,
  defaultModel?: FillModel,
): Promise<Allocation> {
  const plan = allocateVolume(side, price, orders, volume);
  if (!plan.exhausted) return plan;
  const ideal = await idealPortfolios(db, new Set(orders.map((o) => o.portfolio_id)), defaultModel);
  return ideal.size ? allocateVolume(side, price, orders, volume, ideal) : plan;
}
