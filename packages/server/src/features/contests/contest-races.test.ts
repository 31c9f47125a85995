import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import { expectLedgersSound } from '../../../test/ledger-check.ts';
import { raceSeed, seededRandom } from '../../../test/race-kit.ts';
import { createTestUser, testDialect } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { contestKit } from '../../../test/contest-kit.ts';

/**
 * Contest races, many calls in flight at once against the real app and database (the race suite's
 * way: features/trading/race-suite.test.ts). Each changes a membership or a contest's rules while
 * other calls read them: the contest row and the portfolio rows are the locks they queue on
 * (db/transaction.ts, docs/decisions/019-contest-row-lock.md). Replay with RACE_SEED=<seed>.
 */

const SEED = raceSeed();
console.log(`contest-races seed: RACE_SEED=${SEED} (${testDialect})`);
const rng = seededRandom(SEED);

const { t } = useTestApp();
const ROUNDS = 3;

const { host, call, create, join, HOUR } = contestKit(t, 'Race Cup');

const answerText = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 200)}`;

describe('contest races', () => {
  it('a member removed while sending orders on parallel connections keeps no working order and fills nothing after the removal', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    await setPrice(t.app, 'ETH', 2_000);
    const alice = await host();
    const contest = await create(alice);
    const problems: string[] = [];
    const removed: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const bob = await createTestUser(t.ctx);
      const wallet = await join(bob, contest.joinCode ?? '');
      const trade = (url: string, body: Record<string, unknown>) =>
        call(bob, 'POST', url, { walletAddress: wallet, ...body }, wallet);
      expectStatus(
        await trade('/purchase-asset', { symbol: 'BTC', assetAmount: 2_000, unit: 'USD' }),
        200,
      );
      const portfolio = await t.ctx.db
        .selectFrom('portfolios')
        .select('id')
        .where('wallet_address', '=', wallet)
        .executeTakeFirstOrThrow();
      removed.push(portfolio.id);

      // Limit buys below the price, market buys and OCO pairs on the BTC bought, with the removal among them.
      const orders: (() => Promise<LightMyRequestResponse>)[] = [];
      for (let i = 0; i < 24; i += 1) {
        const kind = i % 3;
        if (kind === 0)
          orders.push(() =>
            trade('/open-limit-position', {
              type: 'PURCHASE',
              symbol: 'ETH',
              limitAsk: 1_900,
              purchaseAsk: 50,
            }),
          );
        else if (kind === 1)
          orders.push(() =>
            trade('/purchase-asset', { symbol: 'ETH', assetAmount: 20, unit: 'USD' }),
          );
        else
          orders.push(() =>
            trade('/open-limit-position', {
              type: 'SELL',
              orderType: 'OCO',
              symbol: 'BTC',
              sellAsk: 0.001,
              takeProfit: { limitAsk: 52_000 },
              stopLoss: { stopPrice: 48_000 },
            }),
          );
      }
      const removal = () => call(alice, 'DELETE', `/contests/${contest.id}/members/${wallet}`);
      const at = rng.int(4, orders.length - 4);
      const calls = [...orders.slice(0, at), removal, ...orders.slice(at)];
      const answers = await Promise.all(calls.map((c) => c()));
      const removalAnswer = answers[at];
      if (removalAnswer?.statusCode !== 204)
        problems.push(
          `round ${round}: removal answered ${removalAnswer ? answerText(removalAnswer) : 'nothing'}`,
        );
      answers.forEach((res, i) => {
        if (i === at) return;
        const code = res.statusCode >= 300 ? res.json<{ code?: string }>().code : undefined;
        // Before the removal an order passes; after it, the closed portfolio refuses it (under its lock, or at the guard).
        const fine =
          res.statusCode < 300 ||
          (res.statusCode === 403 && (code === 'PORTFOLIO_CLOSED' || code === 'WALLET_MISMATCH'));
        if (!fine) problems.push(`round ${round}: order answered ${answerText(res)}`);
      });

      const closed = await t.ctx.db
        .selectFrom('portfolios')
        .select('closed_at')
        .where('id', '=', portfolio.id)
        .executeTakeFirstOrThrow();
      const closedAt = BigInt(closed.closed_at ?? 0);
      const working = await t.ctx.db
        .selectFrom('limit_orders')
        .select('id')
        .where('portfolio_id', '=', portfolio.id)
        .where('status', '=', 'WORKING')
        .execute();
      if (working.length)
        problems.push(`round ${round}: ${working.length} working orders in the closed portfolio`);
      const late = await t.ctx.db
        .selectFrom('transactions')
        .select('id')
        .where('portfolio_id', '=', portfolio.id)
        .where('created_at', '>', closedAt)
        .execute();
      if (late.length)
        problems.push(`round ${round}: ${late.length} transactions after the removal`);
    }

    // Prices that cross every limit buy and both legs of every pair: nothing of a closed portfolio fills.
    await setPrice(t.app, 'ETH', 1_800);
    await setPrice(t.app, 'BTC', 53_000);
    await setPrice(t.app, 'BTC', 47_000);
    for (const id of removed) {
      const closed = await t.ctx.db
        .selectFrom('portfolios')
        .select('closed_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const filled = await t.ctx.db
        .selectFrom('limit_orders')
        .select('id')
        .where('portfolio_id', '=', id)
        .where('status', '=', 'FILLED')
        .where('closed_at', '>', BigInt(closed.closed_at ?? 0))
        .execute();
      if (filled.length) problems.push(`${filled.length} orders filled in closed portfolio ${id}`);
    }
    expect(problems, `RACE_SEED=${SEED}, ${testDialect}`).toEqual([]);
    await expectLedgersSound(t.ctx, removed);
  });

  it('members joining while the host changes the starting balance all hold the new balance', async () => {
    const alice = await host();
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const contest = await create(alice, {
        startsAt: Date.now() + HOUR,
        endsAt: Date.now() + 2 * HOUR,
      });
      const joiners = await Promise.all(Array.from({ length: 12 }, () => createTestUser(t.ctx)));
      const newBalance = 20_000 + round * 1_000;
      const calls = joiners.map(
        (u) => () => call(u, 'POST', '/contests/join', { code: contest.joinCode }),
      );
      const at = rng.int(2, calls.length - 2);
      calls.splice(at, 0, () =>
        call(alice, 'PATCH', `/contests/${contest.id}`, { startingBalance: newBalance }),
      );
      const answers = await Promise.all(calls.map((c) => c()));
      for (const res of answers)
        if (res.statusCode >= 300) problems.push(`round ${round}: ${answerText(res)}`);

      const row = await t.ctx.db
        .selectFrom('contests')
        .select('starting_balance_cents')
        .where('id', '=', contest.id)
        .executeTakeFirstOrThrow();
      const cents = BigInt(row.starting_balance_cents);
      if (cents !== BigInt(newBalance * 100))
        problems.push(`round ${round}: the contest holds ${cents} cents`);
      const members = await t.ctx.db
        .selectFrom('portfolios')
        .select(['id', 'cash_cents', 'starting_balance_cents'])
        .where('contest_id', '=', contest.id)
        .execute();
      if (members.length !== 13) problems.push(`round ${round}: ${members.length} members`);
      for (const m of members) {
        if (BigInt(m.cash_cents) !== cents || BigInt(m.starting_balance_cents) !== cents) {
          problems.push(
            `round ${round}: member ${m.id} holds ${m.cash_cents} of ${m.starting_balance_cents}, the contest ${cents}`,
          );
        }
      }
    }
    expect(problems, `RACE_SEED=${SEED}, ${testDialect}`).toEqual([]);
  });

  it('ten parallel leaves of one membership answer one 204 and nine 404 NOT_A_MEMBER', async () => {
    const alice = await host();
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const contest = await create(alice, {
        visibility: 'PUBLIC',
        startsAt: Date.now() + HOUR,
        endsAt: Date.now() + 2 * HOUR,
      });
      const bob = await createTestUser(t.ctx);
      await join(bob, contest.joinCode ?? '');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call(bob, 'POST', `/contests/${contest.id}/leave`)),
      );
      const left = answers.filter((a) => a.statusCode === 204).length;
      const refused = answers.filter(
        (a) => a.statusCode === 404 && a.json<{ code?: string }>().code === 'NOT_A_MEMBER',
      ).length;
      if (left !== 1 || refused !== 9)
        problems.push(`round ${round}: ${answers.map(answerText).join(' | ')}`);
      const portfolios = await t.ctx.db
        .selectFrom('portfolios')
        .select('id')
        .where('contest_id', '=', contest.id)
        .where('user_id', '=', bob.id)
        .execute();
      if (portfolios.length) problems.push(`round ${round}: the portfolio is still there`);
    }
    expect(problems, `RACE_SEED=${SEED}, ${testDialect}`).toEqual([]);
  });
});
