import type { Assignment, Contest, LessonProgress, QuizResult } from '@papertrade/domain';
import { findLesson } from '@papertrade/domain/lessons';
import { QUIZZES } from '@papertrade/domain/quizzes';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { createTestUser, type TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const { t } = useTestApp();
const { host, call, create, join, HOUR } = contestKit(t, 'Economics 101');

const SLUG = 'limit-orders';
const QUESTIONS = QUIZZES[SLUG] ?? [];
const RIGHT = QUESTIONS.map((q) => q.answer);
const ALL_WRONG = QUESTIONS.map((q) => q.choices.find((c) => c.id !== q.answer)?.id ?? q.answer);

interface Student {
  user: TestUser;
  wallet: string;
}

/** A running class of `students` members (joined in order), and its teacher. */
async function classWith(students: number, overrides: Record<string, unknown> = {}) {
  const teacher = await host('TEACHER');
  const klass = await create(teacher, { kind: 'CLASS', ...overrides });
  const members: Student[] = [];
  for (let i = 0; i < students; i += 1) {
    const user = await createTestUser(t.ctx);
    members.push({ user, wallet: await join(user, klass.joinCode ?? '') });
  }
  return { teacher, klass, members };
}

const assignmentsUrl = (klass: Contest) => `/contests/${klass.id}/assignments`;

async function assign(
  teacher: TestUser,
  klass: Contest,
  tasks: unknown[],
  dueAt = Date.now() + 7 * 24 * HOUR,
): Promise<Assignment> {
  const res = await call(teacher, 'POST', assignmentsUrl(klass), { title: 'Week 1', dueAt, tasks });
  expectStatus(res, 201);
  return res.json<Assignment>();
}

async function listAs(user: TestUser, klass: Contest): Promise<Assignment[]> {
  const res = await call(user, 'GET', assignmentsUrl(klass));
  expectStatus(res, 200);
  return res.json<Assignment[]>();
}

/** The member's progress on the class's only assignment, as the member reads it. */
async function myTasks(s: Student, klass: Contest) {
  const [assignment] = await listAs(s.user, klass);
  return assignment?.progress[0]?.tasks ?? [];
}

const order = (s: Student, url: string, body: Record<string, unknown>) =>
  call(s.user, 'POST', url, { walletAddress: s.wallet, ...body }, s.wallet);
const buyIn = (s: Student, symbol: string, usd: number) =>
  order(s, '/purchase-asset', { symbol, assetAmount: usd, unit: 'USD' });

const assignmentRows = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('assignments')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('class assignments', () => {
  it('the owner creates, edits and deletes an assignment, and a member sees it with their progress', async () => {
    const { teacher, klass, members } = await classWith(1);
    const [ann] = members as [Student];
    const dueAt = Date.now() + 3 * 24 * HOUR;
    const created = await assign(teacher, klass, [{ kind: 'READ_LESSON', lesson: SLUG }], dueAt);
    expect(created).toMatchObject({
      contestId: klass.id,
      title: 'Week 1',
      dueAt,
      tasks: [{ kind: 'READ_LESSON', lesson: SLUG }],
      progress: [
        {
          walletAddress: ann.wallet,
          username: nameOf(ann.user),
          tasks: [{ done: false, doneAt: null, late: false }],
        },
      ],
    });

    const url = `${assignmentsUrl(klass)}/${created.id}`;
    const edited = await call(teacher, 'PATCH', url, {
      title: 'Week 1: orders',
      tasks: [
        { kind: 'PLACE_ORDER', orderType: 'LIMIT' },
        { kind: 'HOLD_ASSETS', count: 2 },
      ],
    });
    expectStatus(edited, 200);
    expect(edited.json<Assignment>()).toMatchObject({
      title: 'Week 1: orders',
      dueAt,
      tasks: [
        { kind: 'PLACE_ORDER', orderType: 'LIMIT' },
        { kind: 'HOLD_ASSETS', count: 2 },
      ],
    });
    const seen = await listAs(ann.user, klass);
    expect(seen.map((a) => [a.id, a.title, a.progress.length])).toEqual([
      [created.id, 'Week 1: orders', 1],
    ]);

    expectStatus(await call(teacher, 'DELETE', url), 204);
    expect(await listAs(ann.user, klass)).toEqual([]);
    expectStatus(await call(teacher, 'DELETE', url), 404, 'ASSIGNMENT_NOT_FOUND');
  });

  it('only the owner writes assignments; a stranger to a private class gets 404 and a contest has none', async () => {
    const { teacher, klass, members } = await classWith(1);
    const [ann] = members as [Student];
    const stranger = await createTestUser(t.ctx);
    const created = await assign(teacher, klass, [{ kind: 'HOLD_ASSETS', count: 1 }]);
    const url = `${assignmentsUrl(klass)}/${created.id}`;
    const body = {
      title: 'Mine now',
      dueAt: Date.now() + HOUR,
      tasks: [{ kind: 'HOLD_ASSETS', count: 1 }],
    };

    expectStatus(
      await call(ann.user, 'POST', assignmentsUrl(klass), body),
      403,
      'NOT_CONTEST_OWNER',
    );
    expectStatus(
      await call(ann.user, 'PATCH', url, { title: 'Mine now' }),
      403,
      'NOT_CONTEST_OWNER',
    );
    expectStatus(await call(ann.user, 'DELETE', url), 403, 'NOT_CONTEST_OWNER');
    expectStatus(
      await call(stranger, 'POST', assignmentsUrl(klass), body),
      404,
      'CONTEST_NOT_FOUND',
    );
    expectStatus(await call(stranger, 'GET', assignmentsUrl(klass)), 404, 'CONTEST_NOT_FOUND');
    expectStatus(await call(stranger, 'DELETE', url), 404, 'CONTEST_NOT_FOUND');
    expectStatus(await call(ann.user, 'GET', `${url}/progress.csv`), 403, 'NOT_CONTEST_OWNER');

    const cupHost = await host();
    const cup = await create(cupHost);
    expectStatus(await call(cupHost, 'POST', assignmentsUrl(cup), body), 403, 'NOT_A_CLASS');

    expect((await listAs(teacher, klass)).map((a) => a.title)).toEqual(['Week 1']);
  });

  it('a bad assignment is refused under its field and nothing is written', async () => {
    const { teacher, klass } = await classWith(0);
    const good = {
      title: 'Week 1',
      dueAt: Date.now() + HOUR,
      tasks: [{ kind: 'READ_LESSON', lesson: SLUG }],
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { tasks: [{ kind: 'READ_LESSON', lesson: 'no-such-lesson' }] },
        'LESSON_NOT_FOUND',
        'tasks.0.lesson',
      ],
      [
        {
          tasks: [
            { kind: 'HOLD_ASSETS', count: 1 },
            { kind: 'PASS_QUIZ', lesson: 'nope', minScore: 1 },
          ],
        },
        'LESSON_NOT_FOUND',
        'tasks.1.lesson',
      ],
      [
        { tasks: [{ kind: 'PASS_QUIZ', lesson: SLUG, minScore: QUESTIONS.length + 1 }] },
        'VALIDATION_ERROR',
        'tasks.0.minScore',
      ],
      [{ tasks: [] }, 'VALIDATION_ERROR', 'tasks'],
      [
        { tasks: [{ kind: 'PLACE_ORDER', orderType: 'SHORT' }] },
        'VALIDATION_ERROR',
        'tasks.0.orderType',
      ],
      [{ tasks: [{ kind: 'FLY' }] }, 'VALIDATION_ERROR', 'tasks.0.kind'],
      [{ dueAt: 'friday' }, 'VALIDATION_ERROR', 'dueAt'],
      [{ dueAt: klass.startsAt - HOUR }, 'VALIDATION_ERROR', 'dueAt'],
      [{ dueAt: klass.endsAt + HOUR }, 'VALIDATION_ERROR', 'dueAt'],
      [{ title: '   ' }, 'VALIDATION_ERROR', 'title'],
    ];
    for (const [change, code, field] of cases) {
      const res = await call(teacher, 'POST', assignmentsUrl(klass), { ...good, ...change });
      expect({
        change,
        status: res.statusCode,
        ...res.json<{ code: string; field?: string }>(),
      }).toMatchObject({
        change,
        status: 400,
        code,
        field,
      });
    }
    expect(await assignmentRows()).toBe(0);

    const created = await assign(teacher, klass, good.tasks);
    const url = `${assignmentsUrl(klass)}/${created.id}`;
    expectStatus(await call(teacher, 'PATCH', url, {}), 400, 'VALIDATION_ERROR');
    expectStatus(
      await call(teacher, 'PATCH', url, {
        title: 'Changed',
        tasks: [{ kind: 'READ_LESSON', lesson: 'nope' }],
      }),
      400,
      'LESSON_NOT_FOUND',
    );
    expect((await listAs(teacher, klass)).map((a) => [a.title, a.tasks])).toEqual([
      ['Week 1', good.tasks],
    ]);
  });

  it('reading a lesson and passing its quiz are done when first met, not when asked', async () => {
    const { teacher, klass, members } = await classWith(1);
    const [ann] = members as [Student];
    await assign(teacher, klass, [
      { kind: 'READ_LESSON', lesson: SLUG },
      { kind: 'PASS_QUIZ', lesson: SLUG, minScore: QUESTIONS.length },
    ]);
    expect(await myTasks(ann, klass)).toEqual([
      { done: false, doneAt: null, late: false },
      { done: false, doneAt: null, late: false },
    ]);

    const read = await call(ann.user, 'POST', `/lessons/${SLUG}/read`, { read: true });
    const readAt = read.json<LessonProgress>().readAt;
    const failed = await call(ann.user, 'POST', `/lessons/${SLUG}/quiz`, { answers: ALL_WRONG });
    expectStatus(failed, 200);
    expect((await myTasks(ann, klass))[1]).toEqual({ done: false, doneAt: null, late: false });

    const passed = await call(ann.user, 'POST', `/lessons/${SLUG}/quiz`, { answers: RIGHT });
    const passedAt = passed.json<QuizResult>().progress.lastAttemptAt;
    // A later failed attempt does not undo the pass nor move its time.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(ann.user, 'POST', `/lessons/${SLUG}/quiz`, { answers: ALL_WRONG });
    expect(await myTasks(ann, klass)).toEqual([
      { done: true, doneAt: readAt, late: false },
      { done: true, doneAt: passedAt, late: false },
    ]);
  });

  it('placing an order counts its kind in the class portfolio only', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const { teacher, klass, members } = await classWith(1);
    const [ann] = members as [Student];
    await assign(teacher, klass, [
      { kind: 'PLACE_ORDER', orderType: 'MARKET' },
      { kind: 'PLACE_ORDER', orderType: 'LIMIT' },
      { kind: 'PLACE_ORDER', orderType: 'STOP' },
    ]);
    // The same kinds in the student's main portfolio are not class work.
    expectStatus(
      await call(ann.user, 'POST', '/purchase-asset', {
        walletAddress: ann.user.walletAddress,
        symbol: 'BTC',
        assetAmount: 100,
        unit: 'USD',
      }),
      200,
    );
    expect((await myTasks(ann, klass)).map((s) => s.done)).toEqual([false, false, false]);

    expectStatus(await buyIn(ann, 'BTC', 100), 200);
    const limit = await order(ann, '/open-limit-position', {
      symbol: 'BTC',
      type: 'PURCHASE',
      purchaseAsk: 100,
      limitAsk: 40_000,
    });
    expectStatus(limit, 201);
    // Cancelled at once: placing it was the task.
    const positionId = limit.json<{ limitPosition: { positionId: string } }>().limitPosition
      .positionId;
    expectStatus(await order(ann, '/cancel-limit-position', { positionId }), 200);

    const times = await t.ctx.db
      .selectFrom('limit_orders')
      .select('created_at')
      .where('id', '=', positionId)
      .executeTakeFirstOrThrow();
    const tasks = await myTasks(ann, klass);
    expect(tasks.map((s) => s.done)).toEqual([true, true, false]);
    expect(tasks[1]?.doneAt).toBe(Number(times.created_at));
  });

  it('holding assets is done when the portfolio first held that many, and stays done after a sale', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    await setPrice(t.app, 'ETH', 3_000);
    const { teacher, klass, members } = await classWith(1);
    const [ann] = members as [Student];
    await assign(teacher, klass, [
      { kind: 'HOLD_ASSETS', count: 2 },
      { kind: 'HOLD_ASSETS', count: 3 },
    ]);
    expectStatus(await buyIn(ann, 'BTC', 100), 200);
    expectStatus(await buyIn(ann, 'BTC', 100), 200);
    expect((await myTasks(ann, klass))[0]?.done).toBe(false);
    expectStatus(await buyIn(ann, 'ETH', 100), 200);
    const second = await t.ctx.db
      .selectFrom('transactions')
      .select('created_at')
      .where('portfolio_id', '=', (await portfolioOf(ann.wallet)).id)
      .where('symbol', '=', 'ETH')
      .executeTakeFirstOrThrow();
    expectStatus(
      await order(ann, '/sell-asset', { symbol: 'ETH', assetAmount: await heldShares(ann, 'ETH') }),
      200,
    );
    expect(await myTasks(ann, klass)).toEqual([
      { done: true, doneAt: Number(second.created_at), late: false },
      { done: false, doneAt: null, late: false },
    ]);
  });

  it('work done after the due date is late', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const startsAt = Date.now() - HOUR;
    const { teacher, klass, members } = await classWith(1, { startsAt });
    const [ann] = members as [Student];
    // Due a minute after the start: already past, as a deadline a student missed.
    await assign(
      teacher,
      klass,
      [
        { kind: 'PLACE_ORDER', orderType: 'MARKET' },
        { kind: 'HOLD_ASSETS', count: 5 },
      ],
      startsAt + 60_000,
    );
    expectStatus(await buyIn(ann, 'BTC', 100), 200);
    const [market, hold] = await myTasks(ann, klass);
    expect(market).toMatchObject({ done: true, late: true });
    expect(hold).toEqual({ done: false, doneAt: null, late: false });
  });

  it('notes are counted on transactions and unfilled limit orders once the note columns exist', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const { teacher, klass, members } = await classWith(1);
    const [ann] = members as [Student];
    expectStatus(await buyIn(ann, 'BTC', 100), 200);
    expectStatus(await buyIn(ann, 'BTC', 100), 200);
    const limit = await order(ann, '/open-limit-position', {
      symbol: 'BTC',
      type: 'PURCHASE',
      purchaseAsk: 100,
      limitAsk: 40_000,
    });
    expectStatus(limit, 201);
    // Trade notes bring these columns with their own migration; added here when not there yet.
    for (const table of ['transactions', 'limit_orders'])
      if (!(await columnExists(table, 'note')))
        await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN note text`.execute(t.ctx.db);
    const portfolioId = (await portfolioOf(ann.wallet)).id;
    const [first] = await t.ctx.db
      .selectFrom('transactions')
      .select(['id', 'created_at'])
      .where('portfolio_id', '=', portfolioId)
      .orderBy('created_at')
      .execute();
    const orderRow = await t.ctx.db
      .selectFrom('limit_orders')
      .select(['id', 'created_at'])
      .where('portfolio_id', '=', portfolioId)
      .executeTakeFirstOrThrow();
    await sql`UPDATE transactions SET note = 'Testing a small buy' WHERE id = ${first?.id ?? ''}`.execute(
      t.ctx.db,
    );
    await sql`UPDATE limit_orders SET note = 'Waiting for a dip' WHERE id = ${orderRow.id}`.execute(
      t.ctx.db,
    );

    await assign(teacher, klass, [
      { kind: 'WRITE_NOTES', count: 2 },
      { kind: 'WRITE_NOTES', count: 3 },
    ]);
    expect(await myTasks(ann, klass)).toEqual([
      { done: true, doneAt: Number(orderRow.created_at), late: false },
      { done: false, doneAt: null, late: false },
    ]);
  });

  it("the owner's table lists every member by username, and a member sees only their own row", async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const { teacher, klass, members } = await classWith(3);
    const tasks = [
      { kind: 'PLACE_ORDER', orderType: 'MARKET' },
      { kind: 'READ_LESSON', lesson: SLUG },
    ];
    await assign(teacher, klass, tasks);
    const [ann, bob] = members as [Student, Student, Student];
    expectStatus(await buyIn(ann, 'BTC', 100), 200);
    await call(bob.user, 'POST', `/lessons/${SLUG}/read`, { read: true });

    const [owners] = await listAs(teacher, klass);
    const byName = [...members].sort((a, b) => nameOf(a.user).localeCompare(nameOf(b.user)));
    expect(owners?.progress.map((p) => p.username)).toEqual(byName.map((s) => nameOf(s.user)));
    const doneOf = (s: Student) =>
      owners?.progress.find((p) => p.walletAddress === s.wallet)?.tasks.map((x) => x.done);
    expect(members.map(doneOf)).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
    const [bobs] = await listAs(bob.user, klass);
    expect(bobs?.progress.map((p) => p.walletAddress)).toEqual([bob.wallet]);
  });

  it("the progress CSV has one line per member with each task's state and time", async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const startsAt = Date.now() - HOUR;
    const { teacher, klass, members } = await classWith(2, { startsAt });
    const [ann, bob] = members as [Student, Student];
    const created = await assign(
      teacher,
      klass,
      [
        { kind: 'READ_LESSON', lesson: SLUG },
        { kind: 'PLACE_ORDER', orderType: 'MARKET' },
      ],
      startsAt + 60_000,
    );
    const read = await call(ann.user, 'POST', `/lessons/${SLUG}/read`, { read: true });
    const readAt = read.json<LessonProgress>().readAt ?? 0;
    // Done before the due date: moved back, as if read then.
    await t.ctx.db
      .updateTable('lesson_progress')
      .set({ read_at: startsAt + 1_000 })
      .where('user_id', '=', ann.user.id)
      .execute();
    expectStatus(await buyIn(bob, 'BTC', 100), 200);
    expect(readAt).toBeGreaterThan(0);

    const res = await call(teacher, 'GET', `${assignmentsUrl(klass)}/${created.id}/progress.csv`);
    expectStatus(res, 200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      `username,email,1. Read “${findLesson(SLUG)?.title ?? ''}”,1. done at,2. Place a market order,2. done at`,
    );
    const rows = new Map(lines.slice(1).map((l) => [l.split(',')[0], l.split(',')]));
    expect(rows.get(nameOf(ann.user))?.slice(2)).toEqual([
      'done',
      new Date(startsAt + 1_000).toISOString(),
      'not yet',
      '',
    ]);
    const bobRow = rows.get(nameOf(bob.user));
    expect(bobRow?.slice(2, 4)).toEqual(['not yet', '']);
    expect(bobRow?.[4]).toBe('late');
    expect(lines).toHaveLength(3);
  });
});

/** Test users' e-mail addresses are their username in lower case (test-app.ts), as made here. */
const nameOf = (user: TestUser) => user.email.slice(0, user.email.indexOf('@'));

async function portfolioOf(wallet: string) {
  return t.ctx.db
    .selectFrom('portfolios')
    .select('id')
    .where('wallet_address', '=', wallet)
    .executeTakeFirstOrThrow();
}

async function heldShares(s: Student, symbol: string): Promise<number> {
  const res = await call(s.user, 'POST', '/user-details', { walletAddress: s.wallet }, s.wallet);
  return res.json<{ assets: Record<string, number> }>().assets[symbol] ?? 0;
}

async function columnExists(table: string, column: string): Promise<boolean> {
  try {
    await sql`SELECT ${sql.ref(column)} FROM ${sql.table(table)} LIMIT 1`.execute(t.ctx.db);
    return true;
  } catch {
    return false;
  }
}
