import { fillModelFromSettings } from '@papertrade/domain';
import { sql, type Kysely } from 'kysely';
import { batchIds } from '../../db/batch-rows.ts';
import type { DB } from '../../db/schema.ts';
import { parseJsonColumn } from '../../users/row-mappers.ts';

/**
 * Of these portfolios, the main ones whose owner's `fill_model` setting is IDEAL: their resting
 * orders fill whole at the tick's price, as before partial fills (docs/decisions/040-partial-fills.md).
 * A contest portfolio fills as the book allows (BOOK), the same for every member.
 */
export async function idealPortfolios(
  db: Kysely<DB>,
  portfolioIds: ReadonlySet<string>,
): Promise<Set<string>> {
  if (!portfolioIds.size) return new Set();
  const { rows } = await sql<{ id: string; settings: string | null }>`SELECT p.id, u.settings
    FROM portfolios p JOIN users u ON u.id = p.user_id
    WHERE p.contest_id IS NULL AND p.id IN (SELECT id FROM ${batchIds(db, [...portfolioIds])} AS b)`.execute(
    db,
  );
  const ideal = new Set<string>();
  for (const r of rows) {
    const settings = parseJsonColumn<Record<string, unknown>>(r.settings ?? '{}', {}) ?? {};
    if (fillModelFromSettings(settings) === 'IDEAL') ideal.add(r.id);
  }
  return ideal;
}
