import type { MarketOrderBody } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { marketBuy, marketSell } from '../features/trading/market-orders.ts';
import type { AppError } from '../http/app-error.ts';
import { captureStatements } from '../../test/statement-capture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { groupCommit, type GroupCommit } from './group-commit.ts';
import { lockPortfolio, type Trx } from './transaction.ts';

const {
  t,
  users: [ann, bob, cat],
} = useTestApp({ users: 3 });

const usd = (assetAmount: number): MarketOrderBody =>
  ({ symbol: 'BTC', assetAmount, unit: 'USD' }) as MarketOrderBody;
const inGroup = (trx: Trx) => ({ db: trx, database: t.ctx.database });
const buyIn = (groups: GroupCommit, portfolioId: string, dollars: number) =>
  groups.run(portfolioId, (trx) =>
    marketBuy(inGroup(trx), { id: portfolioId, contestId: null }, usd(dollars)),
  );

/**
 * Holds the batcher's group in flight until `release`, so the works sent meanwhile queue and
 * then run together as the next group.
 */
async function heldGroups(): Promise<{ groups: GroupCommit; release: () => void }> {
  const groups = groupCommit(t.ctx.db, { maxGroup: 10 });
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered = () => {};
  const started = new Promise<void>((resolve) => (entered = resolve));
  void groups.run(ann.id, () => {
    entered();
    return gate;
  });
  await started;
  return { groups, release };
}

const cashOf = async (portfolioId: string) =>
  BigInt(
    (
      await t.ctx.db
        .selectFrom('portfolios')
        .select(['cash_cents'])
        .where('id', '=', portfolioId)
        .executeTakeFirstOrThrow()
    ).cash_cents,
  );
const transactionsOf = async (portfolioId: string) =>
  t.ctx.db
    .selectFrom('transactions')
    .select(['type'])
    .where('portfolio_id', '=', portfolioId)
    .orderBy('id')
    .execute();
const commits = (statements: { sql: string }[]) =>
  statements.filter((s) => /^\s*commit/i.test(s.sql)).length;

describe('group commit', () => {
  it('orders sent in one turn of the event loop share one transaction and one commit', async () => {
    const groups = groupCommit(t.ctx.db, { maxGroup: 10 });
    const statements = await captureStatements(async () => {
      await Promise.all([
        buyIn(groups, ann.id, 10),
        buyIn(groups, bob.id, 10),
        buyIn(groups, cat.id, 10),
      ]);
    });
    expect(commits(statements)).toBe(1);
    for (const user of [ann, bob, cat])
      expect((await transactionsOf(user.id)).at(-1)).toEqual({ type: 'PURCHASE' });
  });

  it('a refused order inside a group fails alone and the others commit in one transaction', async () => {
    const before = await cashOf(bob.id);
    const { groups, release } = await heldGroups();
    const statements = await captureStatements(async () => {
      const results = Promise.allSettled([
        buyIn(groups, ann.id, 100),
        buyIn(groups, bob.id, 10_000_000_000),
        buyIn(groups, cat.id, 100),
      ]);
      release();
      const [a, b, c] = await results;
      expect(a?.status).toBe('fulfilled');
      expect(c?.status).toBe('fulfilled');
      expect(b?.status === 'rejected' && (b.reason as AppError).code).toBe('INSUFFICIENT_FUNDS');
    });
    // The held group's commit and the three orders' one.
    expect(commits(statements)).toBe(2);
    expect(await transactionsOf(ann.id)).toEqual([{ type: 'PURCHASE' }]);
    expect(await transactionsOf(cat.id)).toEqual([{ type: 'PURCHASE' }]);
    expect(await transactionsOf(bob.id)).toEqual([]);
    expect(await cashOf(bob.id)).toBe(before);
  });

  it('a failing order rolls its group back and every order of the group then runs alone', async () => {
    const before = await cashOf(bob.id);
    const { groups, release } = await heldGroups();
    const results = Promise.allSettled([
      buyIn(groups, ann.id, 100),
      groups.run(bob.id, async (trx) => {
        await marketBuy(inGroup(trx), { id: bob.id, contestId: null }, usd(100));
        throw new Error('the process failed after the order wrote');
      }),
      buyIn(groups, cat.id, 100),
    ]);
    release();
    const [a, b, c] = await results;
    expect(a?.status).toBe('fulfilled');
    expect(c?.status).toBe('fulfilled');
    expect(b?.status === 'rejected' && (b.reason as Error).message).toBe(
      'the process failed after the order wrote',
    );
    expect(await transactionsOf(ann.id)).toEqual([{ type: 'PURCHASE' }]);
    expect(await transactionsOf(cat.id)).toEqual([{ type: 'PURCHASE' }]);
    expect(await transactionsOf(bob.id)).toEqual([]);
    expect(await cashOf(bob.id)).toBe(before);
  });

  it('a group runs its portfolios in ascending id and each portfolio’s orders in arrival order', async () => {
    const { groups, release } = await heldGroups();
    const ran: string[] = [];
    const tagged = (portfolioId: string, tag: string) =>
      groups.run(portfolioId, async (trx) => {
        await lockPortfolio(trx, portfolioId);
        ran.push(`${portfolioId}:${tag}`);
      });
    const [first, second, third] = [ann.id, bob.id, cat.id].sort().reverse() as [
      string,
      string,
      string,
    ];
    const sent = Promise.all([
      tagged(first, '1'),
      tagged(second, '1'),
      tagged(first, '2'),
      tagged(third, '1'),
      tagged(first, '3'),
    ]);
    release();
    await sent;
    expect(ran).toEqual([`${third}:1`, `${second}:1`, `${first}:1`, `${first}:2`, `${first}:3`]);
  });

  it('a buy and then a sell of one portfolio in one group both fill', async () => {
    const { groups, release } = await heldGroups();
    const main = { id: bob.id, contestId: null };
    const sent = Promise.all([
      buyIn(groups, bob.id, 100),
      groups.run(bob.id, (trx) => marketSell(inGroup(trx), main, usd(50))),
    ]);
    release();
    await sent;
    expect(await transactionsOf(bob.id)).toEqual([{ type: 'PURCHASE' }, { type: 'SELL' }]);
  });
});
