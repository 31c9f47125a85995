import {
  STARTING_BALANCE_USD,
  type Contest,
  type ContestBoardRow,
  type User,
} from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import type { TestUser } from '../../../test/test-app.ts';
import { createTestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { expectLedgersSound } from '../../../test/ledger-check.ts';

const { t } = useTestApp();

const HOUR = 3_600_000;

const { host, call, create, join, newMember } = contestKit(t);

/** A trade in the contest portfolio: its wallet in the header and the body. */
const trade = (user: TestUser, wallet: string, url: string, body: Record<string, unknown>) =>
  call(user, 'POST', url, { walletAddress: wallet, ...body }, wallet);

const buyUsd = (user: TestUser, wallet: string, symbol: string, usd: number) =>
  trade(user, wallet, '/purchase-asset', { symbol, assetAmount: usd, unit: 'USD' });

const sellShares = (user: TestUser, wallet: string, symbol: string, shares: number) =>
  trade(user, wallet, '/sell-asset', { symbol, assetAmount: shares, unit: 'SYMBOL' });

const limitBuy = (
  user: TestUser,
  wallet: string,
  symbol: string,
  limitAsk: number,
  purchaseAsk: number,
) =>
  trade(user, wallet, '/open-limit-position', { type: 'PURCHASE', symbol, limitAsk, purchaseAsk });

/** The user record as the portfolio of `wallet` answers it (the main one by default). */
const recordIn = async (user: TestUser, wallet = user.walletAddress) =>
  (await call(user, 'POST', '/user-details', { walletAddress: wallet }, wallet)).json<User>();

const askToJoin = (user: TestUser, body: Record<string, unknown>) =>
  call(user, 'POST', '/contests/join', body);

const endNow = async (owner: TestUser, contest: Contest) =>
  expectStatus(await call(owner, 'PATCH', `/contests/${contest.id}`, { end: true }), 200);

/** A download link can send the sign-in but no wallet header. */
const download = (user: TestUser, url: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: user.headers.authorization ?? '' },
  });

/** Boards are cached for 2 s (contest-board.ts): the next read after this computes it afresh. */
const pastBoardCache = () => new Promise((resolve) => setTimeout(resolve, 2_100));

const startingInAnHour = () => ({ startsAt: Date.now() + HOUR, endsAt: Date.now() + 2 * HOUR });

/** A running private contest (with `overrides`), its host, and one member besides the host. */
async function contestWithMember(overrides: Record<string, unknown> = {}) {
  const owner = await host();
  const contest = await create(owner, overrides);
  return { owner, contest, ...(await newMember(contest)) };
}

const board = async (user: TestUser, contestId: string) => {
  const res = await call(user, 'GET', `/contests/${contestId}/leaderboard`);
  expectStatus(res, 200);
  return res.json<ContestBoardRow[]>();
};

const portfolioRows = (column: 'wallet_address' | 'contest_id', value: string) =>
  t.ctx.db.selectFrom('portfolios').select('id').where(column, '=', value).execute();

const portfolioIdOf = async (wallet: string) => {
  const [row] = await portfolioRows('wallet_address', wallet);
  if (!row) throw new Error(`no portfolio has the wallet ${wallet}`);
  return row.id;
};

describe('contests and classes', () => {
  it("a contest's creator plays in it; a class's teacher does not; both get the join code", async () => {
    const alice = await host();
    const contest = await create(alice);
    expect(contest).toMatchObject({
      kind: 'CONTEST',
      status: 'RUNNING',
      members: 1,
      startingBalance: 10_000,
      allowedSymbols: [],
      feeBps: 0,
    });
    expect(contest.joinCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(contest.me).toMatchObject({ rank: 1, returnPercentage: 0 });

    const teacher = await host('TEACHER');
    const klass = await create(teacher, {
      kind: 'CLASS',
      name: 'Economics 101',
      lessons: ['what-is-a-stop-loss'],
    });
    expect(klass).toMatchObject({
      kind: 'CLASS',
      members: 0,
      me: null,
      lessons: ['what-is-a-stop-loss'],
    });
    expect(klass.ownerUsername).not.toBe('');
    const portfolios = await call(teacher, 'GET', '/portfolios');
    expect(portfolios.json()).toEqual([
      { walletAddress: teacher.walletAddress, kind: 'MAIN', name: 'Main portfolio' },
    ]);
  });

  it('creating refuses a class by a non-teacher, an unverified host, dates in the wrong order and balances out of range, and stores nothing', async () => {
    const body = (overrides: Record<string, unknown> = {}) => ({
      name: 'Cup',
      kind: 'CONTEST',
      visibility: 'PRIVATE',
      startingBalance: 10_000,
      startsAt: Date.now(),
      endsAt: Date.now() + HOUR,
      ...overrides,
    });
    const personal = await host();
    expectStatus(
      await call(personal, 'POST', '/contests', body({ name: 'Class', kind: 'CLASS' })),
      403,
      'TEACHER_ONLY',
    );
    const unverified = await createTestUser(t.ctx);
    expectStatus(await call(unverified, 'POST', '/contests', body()), 403, 'EMAIL_NOT_VERIFIED');
    const base = body(startingInAnHour());
    const wrongOrder = await call(personal, 'POST', '/contests', {
      ...base,
      endsAt: base.startsAt - 1,
    });
    expectStatus(wrongOrder, 400);
    expect(wrongOrder.json()).toMatchObject({ field: 'endsAt' });
    for (const startingBalance of [999, 10_000_001]) {
      const res = await call(personal, 'POST', '/contests', { ...base, startingBalance });
      expectStatus(res, 400);
      expect(res.json()).toMatchObject({ field: 'startingBalance' });
    }
    expectStatus(await call(personal, 'POST', '/contests', { ...base, feeBps: 101 }), 400);
    expectStatus(
      await call(personal, 'POST', '/contests', { ...base, allowedSymbols: ['BTC', 'NOPE'] }),
      400,
      'UNKNOWN_SYMBOL',
    );
    const owned = await call(personal, 'GET', '/contests?scope=owned');
    expect(owned.json()).toEqual([]);
  });

  it('joining by code funds a new portfolio with its own wallet that every call of the spec works on, apart from the main one', async () => {
    const owner = await host();
    const contest = await create(owner, { startingBalance: 5_000 });
    const bob = await createTestUser(t.ctx);
    const preview = await call(bob, 'GET', `/contests/code/${contest.joinCode ?? ''}`);
    expect(preview.json()).toMatchObject({ id: contest.id, me: null });
    expect(preview.json()).not.toHaveProperty('joinCode');

    const wallet = await join(bob, (contest.joinCode ?? '').toLowerCase());
    expect(wallet).not.toBe(bob.walletAddress);
    expect(await recordIn(bob, wallet)).toMatchObject({
      walletAddress: wallet,
      balance: 5_000,
      startingBalance: 5_000,
      portfolio: { kind: 'CONTEST', contestId: contest.id },
    });

    expectStatus(await buyUsd(bob, wallet, 'BTC', 1_000), 200);
    expect((await recordIn(bob, wallet)).balance).toBe(4_000);
    expect(await recordIn(bob)).toMatchObject({
      balance: STARTING_BALANCE_USD,
      assets: {},
      portfolio: { kind: 'MAIN' },
    });
    const history = await call(bob, 'GET', '/transactions', undefined, wallet);
    expect(history.json<unknown[]>()).toHaveLength(1);
    expect((await call(bob, 'GET', '/transactions')).json<unknown[]>()).toHaveLength(0);
    // The CSV download link names the portfolio in its query (it cannot send a header).
    const csv = await download(bob, `/transactions.csv?walletAddress=${wallet}`);
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    const mainCsv = await download(bob, '/transactions.csv');
    expect(mainCsv.body.trim().split('\r\n')).toHaveLength(1);
    const eve = await createTestUser(t.ctx);
    expect((await download(eve, `/transactions.csv?walletAddress=${wallet}`)).statusCode).toBe(403);

    const portfolios = await call(bob, 'GET', '/portfolios');
    expect(portfolios.json()).toEqual([
      { walletAddress: bob.walletAddress, kind: 'MAIN', name: 'Main portfolio' },
      {
        walletAddress: wallet,
        kind: 'CONTEST',
        contestId: contest.id,
        name: 'Spring Cup',
        status: 'RUNNING',
      },
    ]);
    await expectLedgersSound(t.ctx, [bob.id, await portfolioIdOf(wallet)]);
  });

  it('a join code that does not exist, joining twice and joining an ended contest are refused and change nothing', async () => {
    const owner = await host();
    const contest = await create(owner);
    const bob = await createTestUser(t.ctx);
    expectStatus(await askToJoin(bob, { code: 'NOSUCH99' }), 404, 'CONTEST_NOT_FOUND');
    await join(bob, contest.joinCode ?? '');
    expectStatus(await askToJoin(bob, { code: contest.joinCode }), 409, 'ALREADY_MEMBER');
    await endNow(owner, contest);
    const carol = await createTestUser(t.ctx);
    expectStatus(await askToJoin(carol, { code: contest.joinCode }), 409, 'CONTEST_ENDED');
    expect((await call(carol, 'GET', '/portfolios')).json<unknown[]>()).toHaveLength(1);
    expect(await portfolioRows('contest_id', contest.id)).toHaveLength(2);
  });

  it('orders outside the window, of a symbol or order type the rules exclude, and a reset of a contest portfolio are refused with words a student understands', async () => {
    const { owner, user: bob, wallet: early } = await contestWithMember(startingInAnHour());
    const notYet = await buyUsd(bob, early, 'BTC', 100);
    expectStatus(notYet, 409, 'CONTEST_NOT_RUNNING');
    expect(notYet.json<{ error: string }>().error).toContain('has not started yet');

    const strict = await create(owner, { allowedSymbols: ['ETH'], orderTypes: ['MARKET'] });
    const wallet = await join(bob, strict.joinCode ?? '');
    const symbol = await buyUsd(bob, wallet, 'BTC', 100);
    expectStatus(symbol, 400, 'SYMBOL_NOT_ALLOWED');
    expect(symbol.json()).toMatchObject({ field: 'symbol' });
    expectStatus(await limitBuy(bob, wallet, 'ETH', 1, 100), 400, 'ORDER_TYPE_NOT_ALLOWED');
    expectStatus(await buyUsd(bob, wallet, 'ETH', 100), 200);
    const reset = await call(
      bob,
      'POST',
      '/reset-user',
      { walletAddress: wallet, startingBalance: 1_000_000 },
      wallet,
    );
    expectStatus(reset, 403, 'RESET_NOT_ALLOWED');
    expect((await recordIn(bob, wallet)).balance).toBe(9_900);
  });

  it("another user's contest wallet is refused like any other wallet", async () => {
    const { wallet } = await contestWithMember();
    const eve = await createTestUser(t.ctx);
    expectStatus(await buyUsd(eve, wallet, 'BTC', 100), 403, 'WALLET_MISMATCH');
    // Eve asking for Bob's contest wallet sees his public profile, not the portfolio.
    const details = await call(eve, 'POST', '/user-details', { walletAddress: wallet });
    expect(details.json()).not.toHaveProperty('balance');
  });

  it('calls of the user (follow, watchlist, settings) work with a contest portfolio active and answer that portfolio', async () => {
    const { owner, user: bob, wallet } = await contestWithMember();
    const followed = await t.app.inject({
      method: 'POST',
      url: '/follow',
      headers: { ...bob.headers, wallet },
      payload: { walletAddress: owner.walletAddress },
    });
    expectStatus(followed, 200);
    expectStatus(
      await call(
        bob,
        'PUT',
        '/update-watchlist',
        { walletAddress: wallet, watchlist: ['SOL'] },
        wallet,
      ),
      200,
    );
    const updated = await call(
      bob,
      'PUT',
      '/update-user',
      { walletAddress: wallet, key: 'settings', updates: { theme: 'dark' } },
      wallet,
    );
    expectStatus(updated, 200);
    expect(updated.json<User>()).toMatchObject({
      walletAddress: wallet,
      watchlist: ['SOL'],
      settings: { theme: 'dark' },
      portfolio: { kind: 'CONTEST' },
    });
  });

  it("the board ranks by return, then total balance, then earlier join, and shows each member's trades", async () => {
    const owner = await host();
    const contest = await create(owner, { startingBalance: 10_000 });
    const [ann, ben] = [await createTestUser(t.ctx), await createTestUser(t.ctx)];
    const annWallet = await join(ann, contest.joinCode ?? '');
    const benWallet = await join(ben, contest.joinCode ?? '');
    await setPrice(t.app, 'SOL', 100);
    expectStatus(await buyUsd(ann, annWallet, 'SOL', 5_000), 200);
    expectStatus(await buyUsd(ben, benWallet, 'SOL', 1_000), 200);
    await setPrice(t.app, 'SOL', 110);
    await pastBoardCache();
    const rows = await board(ann, contest.id);
    expect(rows.map((r) => [r.rank, r.walletAddress, r.returnPercentage, r.trades])).toEqual([
      [1, annWallet, 5, 1],
      [2, benWallet, 1, 1],
      [3, expect.any(String), 0, 0],
    ]);
    expect(rows[0]?.totalBalance).toBe(10_500);
    // Outsiders of a private contest learn nothing, not even that it exists.
    const eve = await createTestUser(t.ctx);
    expectStatus(
      await call(eve, 'GET', `/contests/${contest.id}/leaderboard`),
      404,
      'CONTEST_NOT_FOUND',
    );
  });

  it('at the end working orders are cancelled with their reservations back, the board is frozen, and orders are refused', async () => {
    const { owner, contest, user: bob, wallet } = await contestWithMember();
    await setPrice(t.app, 'ETH', 2_000);
    expectStatus(await buyUsd(bob, wallet, 'ETH', 2_000), 200);
    expectStatus(await limitBuy(bob, wallet, 'ETH', 1_000, 3_000), 201);
    await endNow(owner, contest);

    const record = await recordIn(bob, wallet);
    expect(record.balance).toBe(8_000);
    expect(record.limitPositions.map((p) => p.status)).toEqual(['CANCELLED']);
    const frozen = await board(bob, contest.id);
    await setPrice(t.app, 'ETH', 4_000);
    // A tick after the end fills nothing of the contest and moves nothing on its board.
    await pastBoardCache();
    expect(await board(bob, contest.id)).toEqual(frozen);
    const refused = await sellShares(bob, wallet, 'ETH', 0.1);
    expectStatus(refused, 409, 'CONTEST_NOT_RUNNING');
    expect(refused.json<{ error: string }>().error).toContain('has ended');
    await expectLedgersSound(t.ctx, [await portfolioIdOf(wallet)]);
  });

  it('a tick at the end closes the contest before the limit trigger could fill its orders', async () => {
    const { contest, user: bob, wallet } = await contestWithMember();
    await setPrice(t.app, 'ADA', 1);
    expectStatus(await limitBuy(bob, wallet, 'ADA', 0.5, 1_000), 201);
    await t.ctx.db
      .updateTable('contests')
      .set({ ends_at: Date.now() - 1 })
      .where('id', '=', contest.id)
      .execute();
    await setPrice(t.app, 'ADA', 0.4); // crosses the limit, at a tick after the end
    const record = await recordIn(bob, wallet);
    expect(record.assets).toEqual({});
    expect(record.balance).toBe(10_000);
    expect(record.limitPositions[0]?.status).toBe('CANCELLED');
    const row = await t.ctx.db
      .selectFrom('contests')
      .select('closed_at')
      .where('id', '=', contest.id)
      .executeTakeFirstOrThrow();
    expect(row.closed_at).not.toBeNull();
  });

  it("a contest's fee is charged once per fill through the ledger and recorded on the transaction", async () => {
    const { user: bob, wallet } = await contestWithMember({ feeBps: 50, feeMinUsd: 1 });
    await setPrice(t.app, 'BTC', 50_000);
    expectStatus(await buyUsd(bob, wallet, 'BTC', 1_000), 200);
    expectStatus(await sellShares(bob, wallet, 'BTC', 0.001), 200);
    const rows = await t.ctx.db
      .selectFrom('transactions')
      .select(['type', 'total_cents', 'fee_cents'])
      .where('portfolio_id', '=', await portfolioIdOf(wallet))
      .orderBy('id')
      .execute();
    // 0.5 % of $1,000 is $5; 0.5 % of $50 is $0.25, below the $1 minimum.
    expect(rows.map((r) => [r.type, BigInt(r.total_cents), BigInt(r.fee_cents)])).toEqual([
      ['PURCHASE', 100_000n, 500n],
      ['SELL', 5_000n, 100n],
    ]);
    expect((await recordIn(bob, wallet)).balance).toBe(10_000 - 1_000 - 5 + 50 - 1);
  });

  it("a class's teacher reads a member's portfolio, sees the members, announces and downloads the standings; a contest's host cannot read portfolios", async () => {
    const teacher = await host('TEACHER');
    const klass = await create(teacher, { kind: 'CLASS', name: 'Economics, 101' });
    const { user: student, wallet } = await newMember(klass);
    expectStatus(await buyUsd(student, wallet, 'ETH', 500), 200);

    const read = await call(teacher, 'GET', `/contests/${klass.id}/members/${wallet}`);
    expectStatus(read, 200);
    expect(read.json<User>()).toMatchObject({
      walletAddress: wallet,
      balance: 9_500,
      notifications: [],
      settings: {},
    });
    const members = (await call(teacher, 'GET', `/contests/${klass.id}/members`)).json<
      { email?: string; trades: number; lastActiveAt: number | null }[]
    >();
    expect(members).toMatchObject([{ email: student.email, trades: 1 }]);
    expect(members[0]?.lastActiveAt).toBeGreaterThan(Date.now() - 60_000);
    expectStatus(
      await call(student, 'GET', `/contests/${klass.id}/members`),
      403,
      'NOT_CONTEST_OWNER',
    );

    const sent = await call(teacher, 'POST', `/contests/${klass.id}/announcements`, {
      text: 'Quiz on Friday',
    });
    expectStatus(sent, 201);
    expect(sent.json()).toEqual({ sent: 1 });
    const notices = (await recordIn(student)).notifications;
    expect(notices[0]).toMatchObject({
      type: 'INFORMATIVE',
      text: 'Economics, 101: Quiz on Friday',
      url: `/contests/${klass.id}`,
    });
    expectStatus(
      await call(teacher, 'POST', `/contests/${klass.id}/announcements`, { text: '' }),
      400,
    );

    const csv = await call(teacher, 'GET', `/contests/${klass.id}/standings.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, row] = csv.body.trim().split('\r\n');
    expect(header).toBe(
      'rank,username,email,total,return_percent,sharpe,trades,lessons_read,quiz_average,notes',
    );
    const listed = members[0] as unknown as { totalBalance: number; returnPercentage: number };
    expect(row?.split(',').slice(2)).toEqual([
      student.email,
      listed.totalBalance.toFixed(2),
      listed.returnPercentage.toFixed(2),
      '',
      '1',
      '0',
      '',
      '0',
    ]);

    const { owner: host2, contest, wallet: playerWallet } = await contestWithMember();
    expectStatus(
      await call(host2, 'GET', `/contests/${contest.id}/members/${playerWallet}`),
      403,
      'NOT_A_CLASS',
    );
  });

  it('a removed member leaves the board, their working orders are cancelled, and their wallet no longer trades', async () => {
    const { owner, contest, user: bob, wallet } = await contestWithMember();
    await setPrice(t.app, 'SOL', 100);
    expectStatus(await limitBuy(bob, wallet, 'SOL', 50, 1_000), 201);
    expectStatus(
      await call(bob, 'DELETE', `/contests/${contest.id}/members/${wallet}`),
      403,
      'NOT_CONTEST_OWNER',
    );
    expectStatus(await call(owner, 'DELETE', `/contests/${contest.id}/members/${wallet}`), 204);
    expect((await board(owner, contest.id)).map((r) => r.walletAddress)).not.toContain(wallet);
    expectStatus(await buyUsd(bob, wallet, 'SOL', 10), 403, 'WALLET_MISMATCH');
    const orders = await t.ctx.db
      .selectFrom('limit_orders')
      .select('status')
      .where('portfolio_id', '=', await portfolioIdOf(wallet))
      .execute();
    expect(orders.map((o) => o.status)).toEqual(['CANCELLED']);
    expectStatus(await askToJoin(bob, { code: contest.joinCode }), 403, 'REMOVED_FROM_CONTEST');
    await expectLedgersSound(t.ctx, [await portfolioIdOf(wallet)]);
  });

  it('leaving works before the start only; the rules that move money change before the start only', async () => {
    const {
      owner,
      contest: later,
      user: bob,
      wallet,
    } = await contestWithMember(startingInAnHour());
    const patched = await call(owner, 'PATCH', `/contests/${later.id}`, {
      startingBalance: 20_000,
      feeBps: 10,
    });
    expectStatus(patched, 200);
    expect((await recordIn(bob, wallet)).balance).toBe(20_000);
    expectStatus(await call(bob, 'POST', `/contests/${later.id}/leave`), 204);
    expect((await call(bob, 'GET', '/portfolios')).json<unknown[]>()).toHaveLength(1);

    const running = await create(owner);
    await join(bob, running.joinCode ?? '');
    expectStatus(await call(bob, 'POST', `/contests/${running.id}/leave`), 409, 'CONTEST_STARTED');
    expectStatus(
      await call(owner, 'PATCH', `/contests/${running.id}`, { feeBps: 10 }),
      409,
      'CONTEST_STARTED',
    );
    expectStatus(
      await call(owner, 'PATCH', `/contests/${running.id}`, { endsAt: Date.now() - HOUR }),
      400,
    );
    expectStatus(
      await call(bob, 'PATCH', `/contests/${running.id}`, { name: 'Mine now' }),
      403,
      'NOT_CONTEST_OWNER',
    );
    const renamed = await call(owner, 'PATCH', `/contests/${running.id}`, { name: 'Summer Cup' });
    expect(renamed.json<Contest>().name).toBe('Summer Cup');
  });

  it('public contests can be browsed and joined by id; private ones cannot be joined without the code', async () => {
    const owner = await host();
    const open = await create(owner, { visibility: 'PUBLIC', name: 'Open Cup' });
    const closed = await create(owner, { name: 'Closed Cup' });
    const bob = await createTestUser(t.ctx);
    const browse = (await call(bob, 'GET', '/contests?scope=public')).json<Contest[]>();
    expect(browse.map((c) => c.id)).toContain(open.id);
    expect(browse.map((c) => c.id)).not.toContain(closed.id);
    expect(browse.find((c) => c.id === open.id)).not.toHaveProperty('joinCode');
    expectStatus(await askToJoin(bob, { contestId: closed.id }), 404, 'CONTEST_NOT_FOUND');
    expectStatus(await askToJoin(bob, { contestId: open.id }), 201);
    const joined = (await call(bob, 'GET', '/contests?scope=joined')).json<Contest[]>();
    expect(joined.map((c) => c.id)).toEqual([open.id]);
    expect(joined[0]?.me?.walletAddress).toMatch(/^0x/);
  });

  it('deleting the account closes its contest portfolios too', async () => {
    const { owner, contest, user: bob, wallet } = await contestWithMember();
    expectStatus(
      await call(bob, 'DELETE', '/delete-user', {
        walletAddress: bob.walletAddress,
        currentPassword: bob.password,
      }),
      204,
    );
    expect(await portfolioRows('wallet_address', wallet)).toEqual([]);
    const members = (await call(owner, 'GET', `/contests/${contest.id}/members`)).json<
      { walletAddress: string }[]
    >();
    expect(members.map((m) => m.walletAddress)).not.toContain(wallet);
  });
});
