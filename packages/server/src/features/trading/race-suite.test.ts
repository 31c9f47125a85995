import type { LimitPosition } from '@papertrade/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, cancelLimit, openLimit, post, sell } from '../../../test/calls.ts';
import { ledgerViolations, type LedgerSource } from '../../../test/ledger-check.ts';
import {
  injected,
  quote,
  raceSeed,
  seededRandom,
  shareAmount,
  unacceptable,
  type Answer,
  type Random,
} from '../../../test/race-kit.ts';
import {
  createTestApp,
  createTestUser,
  testDialect,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { moneySnapshot } from '../../../test/trading-test-kit.ts';
import { MAX_SETTINGS } from '../account/settings-update.ts';

/**
 * The race suite: many calls in flight at once against the real app and database, in
 * seeded random interleavings, then the ledger check of every user (test/ledger-check.ts).
 * Replay a failure with RACE_SEED=<seed printed below>.
 */

const SEED = raceSeed();
console.log(`race-suite seed: RACE_SEED=${SEED} (${testDialect})`);

// One app for the whole file; every test makes its own users.
let t: TestApp;
let source: LedgerSource;
beforeAll(async () => {
  t = await createTestApp();
  source = { db: t.ctx.db };
});
afterAll(async () => {
  await t.close();
});

const SYMBOLS = ['BTC', 'ETH', 'DOGE'] as const;
type Sym = (typeof SYMBOLS)[number];
/** Where each symbol's price starts in this file and the band the random walk stays in. */
const BASE: Record<Sym, number> = { BTC: 60_000, ETH: 2_000, DOGE: 0.25 };
const prices = new Map<Sym, number>();

/** Sets a price through market control (a full tick: crossed limit orders fill) and remembers it. */
async function movePrice(symbol: Sym, price: number): Promise<Answer> {
  prices.set(symbol, price);
  const res = await t.app.inject({
    method: 'POST',
    url: '/market-control/price',
    payload: { id: `${symbol.toLowerCase()}usd`, price },
  });
  return injected(`price ${symbol} ${price}`, res);
}
const priceOf = (symbol: Sym) => prices.get(symbol) ?? BASE[symbol];

/**
 * A buy a scenario starts from. On the book (TEST_FILL_MODEL=BOOK) a side a market-control jump
 * thinned, or the file's earlier calls consumed, may be empty: then `409 NO_LIQUIDITY`, which
 * must have moved none of the user's money. Any other answer than that or 200 fails the test.
 * Answers whether it bought.
 */
async function setupBuy(user: TestUser, ...order: [Sym, number, ('USD' | 'SYMBOL')?]) {
  const before = await moneySnapshot(t.ctx, [user.id]);
  const res = await buy(t.app, user, ...order);
  const answer = injected(`buy ${order.join(' ')}`, res);
  if (answer.status === 409 && answer.code === 'NO_LIQUIDITY') {
    expect(await moneySnapshot(t.ctx, [user.id]), answer.label).toEqual(before);
    return false;
  }
  expect(answer.status, answer.body).toBe(200);
  return true;
}

/** The free shares of one symbol a user holds, exactly. */
async function freeShares(user: TestUser, symbol: Sym): Promise<bigint> {
  const row = await t.ctx.db
    .selectFrom('lot_totals')
    .select('free_shares')
    .where('portfolio_id', '=', user.id)
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return BigInt(row?.free_shares ?? 0n);
}

const resetUser = (user: TestUser, startingBalance: number) =>
  post(t.app, user, '/reset-user', { startingBalance });

function expectNothingWrong(what: string, answers: Answer[], violations: string[]) {
  const bad = answers.map(unacceptable).filter((x): x is string => x !== null);
  const problems = [...bad.map((b) => `answer: ${b}`), ...violations.map((v) => `ledger: ${v}`)];
  expect(problems, `${what} (RACE_SEED=${SEED}, ${testDialect})`).toEqual([]);
}

interface Player {
  user: TestUser;
  /** Ids of the limit orders this user opened (working or not). */
  orders: string[];
}

/** One random call (sometimes a short chain), with every answer it got recorded. */
async function randomCall(
  rng: Random,
  players: Player[],
  answers: Answer[],
  allowResets: boolean,
): Promise<void> {
  const me = rng.pick(players);
  const symbol = rng.pick(SYMBOLS);
  const price = priceOf(symbol);
  // Order sizes in dollars, from small to more than a user usually has.
  const dollars = rng.chance(0.1) ? rng.between(20_000, 150_000) : rng.between(20, 8_000);
  const record = (label: string) => (res: Parameters<typeof injected>[1]) => {
    answers.push(injected(`${label} [${me.user.id}]`, res));
    return res;
  };
  const roll = rng.next();
  if (roll < 0.2) {
    const usd = rng.chance(0.5);
    const amount = usd ? Number(dollars.toFixed(2)) : shareAmount(dollars / price);
    if (amount <= 0) return;
    await buy(t.app, me.user, symbol, amount, usd ? 'USD' : 'SYMBOL').then(
      record(`buy ${amount} ${usd ? 'USD' : symbol}`),
    );
  } else if (roll < 0.37) {
    const usd = rng.chance(0.4);
    const amount = usd ? Number((dollars / 2).toFixed(2)) : shareAmount(dollars / 2 / price);
    if (amount <= 0) return;
    await sell(t.app, me.user, symbol, amount, usd ? 'USD' : 'SYMBOL').then(
      record(`sell ${amount} ${usd ? 'USD' : symbol}`),
    );
  } else if (roll < 0.6) {
    const type = rng.chance(0.5) ? 'PURCHASE' : 'SELL';
    // Limits close to the price, so the price moves of the same round cross many of them.
    const limitAsk = quote(price * rng.between(0.94, 1.06));
    const amount =
      type === 'PURCHASE'
        ? { purchaseAsk: Number(dollars.toFixed(2)) }
        : { sellAsk: shareAmount(dollars / 2 / price) };
    const res = await openLimit(t.app, me.user, { type, symbol, limitAsk, ...amount }).then(
      record(`open ${type} ${symbol} @${limitAsk} ${JSON.stringify(amount)}`),
    );
    if (res.statusCode === 201) {
      const id = res.json<{ limitPosition: LimitPosition }>().limitPosition.positionId;
      me.orders.push(id);
      // Sometimes cancelled at once, racing the fills and resets of the same round.
      if (rng.chance(0.3))
        await cancelLimit(t.app, me.user, id).then(record(`cancel just-opened ${id}`));
    }
  } else if (roll < 0.74) {
    // Mostly the user's own recent orders (from earlier rounds or this one); sometimes another user's (404, nothing moves).
    const pool = rng.chance(0.15) ? players.flatMap((p) => p.orders) : me.orders.slice(-12);
    if (pool.length === 0) return;
    const id = rng.pick(pool);
    await cancelLimit(t.app, me.user, id).then(record(`cancel ${id}`));
  } else if (roll < 0.96 || !allowResets) {
    const next = quote(
      Math.min(Math.max(price * rng.between(0.93, 1.07), BASE[symbol] * 0.5), BASE[symbol] * 2),
    );
    answers.push(await movePrice(symbol, next));
  } else {
    const startingBalance = rng.chance(0.5)
      ? rng.int(1_000, 500_000)
      : rng.int(100_000, 50_000_000) / 100;
    await resetUser(me.user, startingBalance).then(record(`reset to ${startingBalance}`));
  }
}

async function randomRounds(rng: Random, players: Player[], rounds: number, callsPerRound: number) {
  const ids = players.map((p) => p.user.id);
  const tally = new Map<string, number>();
  for (let round = 0; round < rounds; round += 1) {
    const answers: Answer[] = [];
    await Promise.all(
      Array.from({ length: callsPerRound }, () => randomCall(rng, players, answers, true)),
    );
    for (const a of answers) {
      const key = `${a.label.split(' ')[0]} ${a.status}${a.code ? ` ${a.code}` : ''}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    expectNothingWrong(`round ${round}`, answers, await ledgerViolations(source, ids));
  }
  // What the rounds did, to see that the interleavings really trade, fill and reset.
  const fills = await t.ctx.db
    .selectFrom('limit_orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('portfolio_id', 'in', ids)
    .where('status', '=', 'FILLED')
    .executeTakeFirstOrThrow();
  console.log(
    `${players.length} user(s): ${[...tally]
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}; filled orders: ${fills.n}`,
  );
}

describe('race suite', () => {
  beforeAll(async () => {
    for (const symbol of SYMBOLS) expect((await movePrice(symbol, BASE[symbol])).status).toBe(200);
  });

  it('one user: concurrent buys, sells, limit opens, cancels, fills and resets in random interleavings keep the ledger sound per epoch', async () => {
    const rng = seededRandom(SEED);
    const players = [{ user: await createTestUser(t.ctx), orders: [] }];
    await randomRounds(rng, players, 15, 50);
  }, 60_000);

  it('several users: concurrent buys, sells, limit opens, cancels, fills and resets in random interleavings keep every ledger sound per epoch', async () => {
    const rng = seededRandom(SEED + 1);
    const players: Player[] = [];
    for (let i = 0; i < 5; i += 1) players.push({ user: await createTestUser(t.ctx), orders: [] });
    await randomRounds(rng, players, 15, 80);
  }, 90_000);

  it('a limit sell opened during a reset is gone with the old epoch or refused', async () => {
    const rng = seededRandom(SEED + 2);
    const user = await createTestUser(t.ctx);
    expect((await movePrice('ETH', 1_000)).status).toBe(200);
    const problems: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      // 2 ETH bought, then eight SELL orders of 0.25 ETH (far above the price: they never fill)
      // race one reset that lands somewhere among them.
      // On an empty book nothing is bought: the opens are then refused for want of shares.
      await setupBuy(user, 'ETH', 2);
      const resetCents = 2_000_000 + rng.int(0, 5_000_000);
      const opens = Array.from(
        { length: 8 },
        () => () =>
          openLimit(t.app, user, { type: 'SELL', symbol: 'ETH', limitAsk: 5_000, sellAsk: 0.25 }),
      );
      const reset = () => resetUser(user, resetCents / 100);
      const calls = [...opens];
      calls.splice(rng.int(0, calls.length), 0, reset);
      const responses = await Promise.all(calls.map((call) => call()));
      const answers = responses.map((res, i) =>
        injected(calls[i] === reset ? 'reset' : 'open SELL', res),
      );
      const resetAnswer = answers[calls.indexOf(reset)] as Answer;
      if (resetAnswer.status !== 200) {
        problems.push(
          `round ${round}: reset answered ${resetAnswer.status} ${resetAnswer.body.slice(0, 200)}`,
        );
        continue;
      }
      for (const a of answers) {
        if (a === resetAnswer) continue;
        if (a.status !== 201 && a.code !== 'INSUFFICIENT_SHARES')
          problems.push(`round ${round}: ${a.label} answered ${a.status} ${a.body.slice(0, 200)}`);
      }
      // An order that was accepted was opened before the reset (after it there are no shares to
      // sell), so the reset must have closed it: cancelling it hands nothing back.
      const opened = responses
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json<{ limitPosition: LimitPosition }>().limitPosition.positionId);
      for (const id of opened) {
        const cancel = await cancelLimit(t.app, user, id);
        if (cancel.statusCode !== 409)
          problems.push(
            `round ${round}: cancel of order ${id} opened before the reset answered ${cancel.statusCode} ${cancel.body.slice(0, 200)}`,
          );
      }
      // Sell whatever the user holds now: nothing should be left after the reset.
      const held = await t.ctx.db
        .selectFrom('lot_totals')
        .select(['symbol', 'free_shares as shares'])
        .where('portfolio_id', '=', user.id)
        .execute();
      for (const h of held) {
        problems.push(`round ${round}: ${h.symbol} ${h.shares} shares are held after the reset`);
        const sold = await sell(t.app, user, h.symbol, Number(BigInt(h.shares)) / 1e8);
        if (sold.statusCode !== 200)
          problems.push(`round ${round}: selling them answered ${sold.statusCode}`);
      }
      const row = await t.ctx.db
        .selectFrom('portfolios')
        .select(['cash_cents'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      if (BigInt(row.cash_cents) !== BigInt(resetCents))
        problems.push(
          `round ${round}: cash is ${row.cash_cents} cents after the reset to ${resetCents} cents`,
        );
      problems.push(
        ...(await ledgerViolations(source, [user.id])).map((v) => `round ${round}: ${v}`),
      );
    }
    expect(problems, `RACE_SEED=${SEED}, ${testDialect}`).toEqual([]);
  }, 60_000);

  it('20 resets racing orders answer no 5xx', async () => {
    const rng = seededRandom(SEED + 3);
    const players: Player[] = [];
    for (let i = 0; i < 3; i += 1) players.push({ user: await createTestUser(t.ctx), orders: [] });
    const ids = players.map((p) => p.user.id);
    // Something to sell, cancel and fill: holdings and working orders on both sides.
    for (const p of players) {
      await setupBuy(p.user, 'ETH', 20_000, 'USD');
      await setupBuy(p.user, 'DOGE', 5_000, 'USD');
      // Two ETH to sell, or what a thin book gave (none from an empty one: no sell order then).
      const held = await freeShares(p.user, 'ETH');
      const sellShares = held < 200_000_000n ? held : 200_000_000n;
      for (const [type, amount] of [
        ['PURCHASE', { purchaseAsk: 3_000 }],
        ...(sellShares > 0n ? [['SELL', { sellAsk: Number(sellShares) / 1e8 }] as const] : []),
      ] as const) {
        const res = await openLimit(t.app, p.user, {
          type,
          symbol: 'ETH',
          limitAsk: quote(priceOf('ETH') * (type === 'PURCHASE' ? 0.97 : 1.03)),
          ...amount,
        });
        expect(res.statusCode, res.body).toBe(201);
        p.orders.push(res.json<{ limitPosition: LimitPosition }>().limitPosition.positionId);
      }
    }
    // Three rounds: the later ones race resets against what the earlier rounds left.
    for (let round = 0; round < 3; round += 1) {
      const before = await t.ctx.db
        .selectFrom('portfolios')
        .select(['id', 'epoch'])
        .where('id', 'in', ids)
        .execute();
      const answers: Answer[] = [];
      const resets: { user: string; cents: bigint; ok: boolean }[] = [];
      const calls: (() => Promise<void>)[] = [];
      for (let i = 0; i < 20; i += 1) {
        const p = players[i % players.length] as Player;
        const cents = BigInt(rng.int(100_000, 100_000_000));
        calls.push(async () => {
          const res = await resetUser(p.user, Number(cents) / 100);
          answers.push(injected(`reset ${p.user.id} to ${cents} cents`, res));
          resets.push({ user: p.user.id, cents, ok: res.statusCode === 200 });
        });
      }
      for (let i = 0; i < 60; i += 1) calls.push(() => randomCall(rng, players, answers, false));
      await Promise.all(rng.shuffle(calls).map((call) => call()));

      const violations = await ledgerViolations(source, ids);
      // Each reset that answered 200 started exactly one new epoch, at one of the balances asked for.
      const after = await t.ctx.db
        .selectFrom('portfolios')
        .select(['id', 'epoch', 'starting_balance_cents'])
        .where('id', 'in', ids)
        .execute();
      for (const row of after) {
        const mine = resets.filter((r) => r.user === row.id && r.ok);
        const start = BigInt(before.find((b) => b.id === row.id)?.epoch ?? -1n);
        if (BigInt(row.epoch) !== start + BigInt(mine.length))
          violations.push(
            `user ${row.id}: epoch ${row.epoch} after ${mine.length} resets from ${start}`,
          );
        if (mine.length > 0 && !mine.some((r) => r.cents === BigInt(row.starting_balance_cents))) {
          violations.push(
            `user ${row.id}: starting balance ${row.starting_balance_cents} is none of the reset amounts`,
          );
        }
      }
      expectNothingWrong(`20 resets racing orders, round ${round}`, answers, violations);
    }
  }, 60_000);

  it('100 parallel settings updates of one user keep every key', async () => {
    const user = await createTestUser(t.ctx);
    // Each call sets its own key. The settings cap (MAX_SETTINGS) lets only that many in: every
    // other call must be the cap's 400, and exactly the accepted keys must be stored.
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/update-user',
          headers: user.headers,
          payload: {
            key: 'settings',
            walletAddress: user.walletAddress,
            updates: { [`race${i}`]: `value ${i}` },
          },
        }),
      ),
    );
    const answers = responses.map((res, i) => injected(`settings race${i}`, res));
    const wrong = answers.filter(
      (a) => a.status !== 200 && !(a.status === 400 && a.code === 'VALIDATION_ERROR'),
    );
    const accepted = Object.fromEntries(
      answers.flatMap((a, i) => (a.status === 200 ? [[`race${i}`, `value ${i}`]] : [])),
    );
    const row = await t.ctx.db
      .selectFrom('users')
      .select('settings')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.settings) as Record<string, unknown>;
    expect({
      wrongAnswers: wrong.map((a) => `${a.label} -> ${a.status} ${a.body.slice(0, 200)}`),
      accepted: Object.keys(accepted).length,
      stored,
    }).toEqual({ wrongAnswers: [], accepted: MAX_SETTINGS, stored: accepted });
  });

  it('parallel watchlist updates never answer 5xx', async () => {
    const rng = seededRandom(SEED + 4);
    const user = await createTestUser(t.ctx);
    const all = ['BTC', 'ETH', 'SOL', 'XRP', 'BNB', 'ADA', 'DOGE', 'TRX', 'DOT', 'LTC'];
    const lists = Array.from({ length: 60 }, () =>
      rng.shuffle([...all]).slice(0, rng.int(0, all.length)),
    );
    const answers: Answer[] = [];
    // The same users row is written by settings updates and orders meanwhile.
    const calls: (() => Promise<void>)[] = [
      ...lists.map((watchlist, i) => async () => {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/update-watchlist',
          headers: user.headers,
          payload: { walletAddress: user.walletAddress, watchlist },
        });
        answers.push(injected(`watchlist ${i}`, res));
      }),
      ...Array.from({ length: 10 }, (_, i) => async () => {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/update-user',
          headers: user.headers,
          payload: {
            key: 'settings',
            walletAddress: user.walletAddress,
            updates: { [`w${i}`]: i },
          },
        });
        answers.push(injected(`settings w${i}`, res));
      }),
      ...Array.from({ length: 10 }, () => async () => {
        answers.push(injected('buy', await buy(t.app, user, 'DOGE', 100, 'USD')));
      }),
    ];
    await Promise.all(rng.shuffle(calls).map((call) => call()));
    const row = await t.ctx.db
      .selectFrom('users')
      .select('watchlist')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.watchlist) as string[];
    // A buy on an empty book (TEST_FILL_MODEL=BOOK) is refused whole: the ledger check below
    // sees that it moved nothing.
    const emptyBook = (a: Answer) =>
      a.label === 'buy' && a.status === 409 && a.code === 'NO_LIQUIDITY';
    expect(
      answers
        .filter((a) => a.status !== 200 && !emptyBook(a))
        .map((a) => `${a.label} -> ${a.status} ${a.body.slice(0, 200)}`),
    ).toEqual([]);
    // Last writer wins: what is stored is one whole list that was sent, never a mix.
    expect(
      lists.some((l) => JSON.stringify(l) === JSON.stringify(stored)),
      JSON.stringify(stored),
    ).toBe(true);
    expect(await ledgerViolations(source, [user.id])).toEqual([]);
  });
});
