import {
  costsFromSettings,
  FILL_MODEL_KEY,
  fillModelFromSettings,
  NO_COSTS,
  type CostRule,
  type FillModel,
} from '@papertrade/domain';
import { sql } from 'kysely';
import { batchIds } from '../../db/batch-rows.ts';
import type { Trx } from '../../db/transaction.ts';
import { parseJsonColumn } from '../../users/row-mappers.ts';
import {
  contestRulesFor,
  type ClassRules,
  type RuledOrder,
  type TradingPortfolio,
} from '../contests/public.ts';

/**
 * Where a fill's costs come from (docs/decisions/013-fees-and-spread.md): a contest portfolio pays
 * its contest's fee and no spread (every member trades at the same prices, so the board compares
 * decisions, not settings); a main portfolio pays what its owner's realism settings ask for.
 */

export const mainCosts = (settings: string | null | undefined): CostRule =>
  costsFromSettings(parseJsonColumn<Record<string, unknown>>(settings ?? '{}', {}) ?? {});

/**
 * How a main portfolio's market orders fill: its owner's `fill_model` setting; undefined without
 * one (the instance's default, config.ts fillModel).
 */
export function mainFillModel(settings: string | null | undefined): FillModel | undefined {
  const parsed = parseJsonColumn<Record<string, unknown>>(settings ?? '{}', {}) ?? {};
  return FILL_MODEL_KEY in parsed ? fillModelFromSettings(parsed) : undefined;
}

/**
 * The costs of one order, and for a contest portfolio its rules checked (contest-rules.ts): read
 * inside the order's transaction, after a contest portfolio's lock, as contestRulesFor needs.
 */
export async function costRuleFor(
  trx: Trx,
  portfolio: TradingPortfolio,
  order: RuledOrder,
  now: number,
): Promise<CostRule & { fillModel?: FillModel; classRules?: ClassRules | null }> {
  if (portfolio.contestId) {
    const { fee, classRules, fillModel } = await contestRulesFor(trx, portfolio, order, now);
    return { fee, spreadBps: 0n, fillModel, classRules };
  }
  const row = await trx
    .selectFrom('portfolios')
    .innerJoin('users', 'users.id', 'portfolios.user_id')
    .select('users.settings')
    .where('portfolios.id', '=', portfolio.id)
    .executeTakeFirst();
  return { ...mainCosts(row?.settings), fillModel: mainFillModel(row?.settings) };
}

interface CostRow {
  id: string;
  settings: string | null;
  contest_id: string | null;
  fee_bps: number | bigint | null;
  fee_min_cents: number | bigint | null;
  fill_model: string | null;
}

/**
 * The costs of every portfolio of a batch of fills, in one statement. The caller holds their row
 * locks. A portfolio missing here (none is: the batch locked them) would trade without costs.
 */
export async function costRulesOf(
  trx: Trx,
  portfolioIds: Iterable<string>,
): Promise<Map<string, CostRule>> {
  return (await costsAndFillModels(trx, portfolioIds)).rules;
}

/**
 * costRulesOf, and of the same rows the main portfolios whose owner's fill model is IDEAL
 * (docs/decisions/040-partial-fills.md): a batch of stops needs both, in one statement.
 */
export async function costsAndFillModels(
  trx: Trx,
  portfolioIds: Iterable<string>,
  defaultModel: FillModel = 'BOOK',
): Promise<{ rules: Map<string, CostRule>; ideal: Set<string> }> {
  const ids = [...portfolioIds];
  const ideal = new Set<string>();
  if (!ids.length) return { rules: new Map(), ideal };
  const { rows } =
    await sql<CostRow>`SELECT p.id, u.settings, p.contest_id, c.fee_bps, c.fee_min_cents, c.fill_model
    FROM portfolios p JOIN users u ON u.id = p.user_id LEFT JOIN contests c ON c.id = p.contest_id
    WHERE p.id IN (SELECT id FROM ${batchIds(trx, ids)} AS b)`.execute(trx);
  const rules = new Map<string, CostRule>();
  for (const r of rows) {
    if (portfolioFillModel(r, defaultModel) === 'IDEAL') ideal.add(r.id);
    rules.set(
      r.id,
      r.contest_id === null
        ? mainCosts(r.settings)
        : {
            fee: { bps: BigInt(r.fee_bps ?? 0), minCents: BigInt(r.fee_min_cents ?? 0) },
            spreadBps: 0n,
          },
    );
  }
  return { rules, ideal };
}

/**
 * A portfolio's fill model (docs/decisions/039-book-fills-without-a-lock.md): a main portfolio's
 * owner's `fill_model` setting, a contest's `fillModel` rule, else the server's default.
 */
export function portfolioFillModel(
  row: { contest_id: string | null; settings: string | null; fill_model: string | null },
  defaultModel: FillModel,
): FillModel {
  if (row.contest_id === null) return mainFillModel(row.settings) ?? defaultModel;
  return row.fill_model === 'IDEAL' || row.fill_model === 'BOOK' ? row.fill_model : defaultModel;
}

export const costsOf = (rules: ReadonlyMap<string, CostRule>, portfolioId: string): CostRule =>
  rules.get(portfolioId) ?? NO_COSTS;
