import {
  AnnouncementBody,
  centsFromNumber,
  Contest,
  ContestBoardRow,
  ContestMember,
  ContestReturnsAnswer,
  ContestScope,
  CreateContestBody,
  JoinContestAnswer,
  JoinContestBody,
  NEXT_CURSOR_HEADER,
  PortfoliosAnswer,
  UpdateContestBody,
  USD_DECIMALS_MESSAGE,
  User,
  WalletAddress,
  type PortfolioSummary,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { newId } from '../../db/new-id.ts';
import { inTransaction, inUserTransaction, lockPortfolios } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error.ts';
import { releaseReservation } from '../../ledger/ledger.ts';
import { rowHoldsReservation } from '../../ledger/reserved-orders.ts';
import { insertPortfolio, newWalletAddress } from '../../users/create-user.ts';
import { notifyMany } from '../../users/notify.ts';
import { loadUserRecord } from '../../users/user-record.ts';
import { requireUser, sessionUser } from '../auth/guard.ts';
import {
  assertCanSee,
  assertOwner,
  contestFor,
  contestNotFound,
  loadContestRow,
  newJoinCode,
} from './contest-access.ts';
import { computeBoard, toBoardRow, type BoardCache } from './contest-board.ts';
import { endContest, type EndedContest } from './contest-end.ts';
import { contestStatus, parseList, type ContestRow } from './contest-record.ts';
import { contestReturns } from './contest-returns.ts';

const PAGE = 20;
const IdParams = z.object({ id: z.string().min(1).max(64) });
const MemberParams = z.object({ id: z.string().min(1).max(64), walletAddress: WalletAddress });
const OffsetCursor = z.string().regex(/^\d{1,6}$/).optional();
const tags = ['contests'];

const csvCell = (value: string) => (/[",\r\n]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** POST /contests and the rule edits of PATCH: dollars to exact cents, or a 400 on the field. */
function cents(usd: number, field: string): bigint {
  const value = centsFromNumber(usd);
  if (value === null) throw badRequest('VALIDATION_ERROR', USD_DECIMALS_MESSAGE, field);
  return value;
}

/** What the contest routes share with the contest jobs of the same app (features/contests/feature.ts). */
export interface ContestShared {
  boards: BoardCache;
  /** After an end (by the clock or by the owner): every member's screens hear, and the board is fresh. */
  afterEnd: (ended: EndedContest) => void;
}

export function contestRoutes(app: FastifyInstance, ctx: AppContext, { boards, afterEnd }: ContestShared): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.post(
    '/contests',
    { preHandler: requireUser, schema: { tags, body: CreateContestBody, response: { 201: Contest } } },
    async (request, reply) => {
      const me = sessionUser(request);
      const body = request.body;
      const now = Date.now();
      const user = await db.selectFrom('users').select(['email_verified', 'account_type']).where('id', '=', me.id).executeTakeFirstOrThrow();
      if (BigInt(user.email_verified) === 0n) {
        throw forbidden('EMAIL_NOT_VERIFIED', 'Confirm your e-mail address first: hosts of contests and classes need a verified address');
      }
      if (body.kind === 'CLASS' && user.account_type !== 'TEACHER') {
        throw forbidden('TEACHER_ONLY', 'Only a teacher account can create a class; anyone can create a contest');
      }
      if (body.endsAt <= now) throw badRequest('VALIDATION_ERROR', 'The end must be in the future', 'endsAt');
      if (body.lessons?.length && body.kind !== 'CLASS') throw badRequest('VALIDATION_ERROR', 'Only a class points to lessons', 'lessons');
      const startingCents = cents(body.startingBalance, 'startingBalance');
      const row: ContestRow = {
        id: newId(now),
        owner_id: me.id,
        name: body.name,
        description: body.description ?? '',
        kind: body.kind,
        visibility: body.visibility,
        starting_balance_cents: startingCents,
        starts_at: BigInt(body.startsAt),
        ends_at: BigInt(body.endsAt),
        allowed_symbols: JSON.stringify([...new Set(body.allowedSymbols ?? [])]),
        order_types: JSON.stringify([...new Set(body.orderTypes ?? [])]),
        fee_bps: BigInt(body.feeBps ?? 0),
        fee_min_cents: cents(body.feeMinUsd ?? 0, 'feeMinUsd'),
        lessons: JSON.stringify([...new Set(body.lessons ?? [])]),
        join_code: newJoinCode(),
        created_at: BigInt(now),
        closed_at: null,
      };
      const symbols = parseList(row.allowed_symbols);
      if (symbols.length) {
        const known = await db.selectFrom('assets').select('symbol').where('symbol', 'in', symbols).execute();
        const unknown = symbols.filter((s) => !known.some((k) => k.symbol === s));
        if (unknown.length) throw badRequest('UNKNOWN_SYMBOL', `Unknown asset ${unknown.join(', ')}`, 'allowedSymbols');
      }
      await inTransaction(db, async (trx) => {
        await trx.insertInto('contests').values(row).execute();
        // The creator of a CONTEST plays in it; the owner of a CLASS teaches it and does not trade.
        if (body.kind === 'CONTEST') {
          const walletAddress = newWalletAddress();
          await insertPortfolio(trx, { id: newId(now), userId: me.id, kind: 'CONTEST', contestId: row.id, walletAddress, cents: startingCents }, now);
        }
      });
      return reply.status(201).send(await contestFor(db, boards, row, me.id));
    },
  );

  r.get(
    '/contests',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description: 'joined: contests with an open portfolio of yours; owned: yours; public: PUBLIC ones not ended. Newest first, 20 a page; X-Next-Cursor for the next.',
        querystring: z.object({ scope: ContestScope.default('joined'), cursor: OffsetCursor }),
        response: { 200: z.array(Contest) },
      },
    },
    async (request, reply) => {
      const me = sessionUser(request);
      const { scope, cursor } = request.query;
      const offset = Number(cursor ?? 0);
      let query = db.selectFrom('contests').selectAll('contests');
      if (scope === 'owned') query = query.where('contests.owner_id', '=', me.id);
      else if (scope === 'public') query = query.where('contests.visibility', '=', 'PUBLIC').where('contests.ends_at', '>', BigInt(Date.now()));
      else {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('portfolios')
              .select('portfolios.id')
              .whereRef('portfolios.contest_id', '=', 'contests.id')
              .where('portfolios.user_id', '=', me.id)
              .where('portfolios.closed_at', 'is', null),
          ),
        );
      }
      const rows = await query.orderBy('contests.created_at', 'desc').orderBy('contests.id', 'desc').limit(PAGE + 1).offset(offset).execute();
      if (rows.length > PAGE) void reply.header(NEXT_CURSOR_HEADER, String(offset + PAGE));
      return Promise.all(rows.slice(0, PAGE).map((row) => contestFor(db, boards, row, me.id)));
    },
  );

  r.get(
    '/contests/code/:code',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description: 'The contest a join code names, for the join page: rules and host before joining (no code in the answer for non-members).',
        params: z.object({ code: z.string().trim().min(1).max(32) }),
        response: { 200: Contest },
      },
    },
    async (request) => {
      const me = sessionUser(request);
      const row = await db.selectFrom('contests').selectAll().where('join_code', '=', request.params.code.toUpperCase()).executeTakeFirst();
      if (!row) throw notFound('CONTEST_NOT_FOUND', 'No contest has that code: check it with your host');
      return contestFor(db, boards, row, me.id);
    },
  );

  r.get('/contests/:id', { preHandler: requireUser, schema: { tags, params: IdParams, response: { 200: Contest } } }, async (request) => {
    const me = sessionUser(request);
    const row = await loadContestRow(db, request.params.id);
    await assertCanSee(db, row, me.id);
    return contestFor(db, boards, row, me.id);
  });

  r.patch(
    '/contests/:id',
    { preHandler: requireUser, schema: { tags, params: IdParams, body: UpdateContestBody, response: { 200: Contest } } },
    async (request) => {
      const me = sessionUser(request);
      const body = request.body;
      const now = Date.now();
      const row = await loadContestRow(db, request.params.id);
      assertOwner(row, me.id);
      if (contestStatus(row, now) === 'ENDED') throw conflict('CONTEST_ENDED', 'This contest has ended: its rules and results stay as they are');
      const moneyRules = body.startingBalance !== undefined || body.allowedSymbols !== undefined || body.orderTypes !== undefined ||
        body.feeBps !== undefined || body.feeMinUsd !== undefined;
      if (moneyRules && now >= Number(row.starts_at)) {
        throw conflict('CONTEST_STARTED', 'The contest has started: its balance, assets, order types and fees can no longer change');
      }
      if (body.endsAt !== undefined && body.endsAt < now) throw badRequest('VALIDATION_ERROR', 'The end cannot be in the past', 'endsAt');
      if (body.endsAt !== undefined && body.endsAt <= Number(row.starts_at)) {
        throw badRequest('VALIDATION_ERROR', 'The end must be after the start', 'endsAt');
      }
      if (body.lessons !== undefined && row.kind !== 'CLASS') throw badRequest('VALIDATION_ERROR', 'Only a class points to lessons', 'lessons');
      const changes: Partial<ContestRow> = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.description !== undefined) changes.description = body.description;
      if (body.endsAt !== undefined) changes.ends_at = BigInt(body.endsAt);
      if (body.lessons !== undefined) changes.lessons = JSON.stringify([...new Set(body.lessons)]);
      if (body.allowedSymbols !== undefined) changes.allowed_symbols = JSON.stringify([...new Set(body.allowedSymbols)]);
      if (body.orderTypes !== undefined) changes.order_types = JSON.stringify([...new Set(body.orderTypes)]);
      if (body.feeBps !== undefined) changes.fee_bps = BigInt(body.feeBps);
      if (body.feeMinUsd !== undefined) changes.fee_min_cents = cents(body.feeMinUsd, 'feeMinUsd');
      const startingCents = body.startingBalance !== undefined ? cents(body.startingBalance, 'startingBalance') : null;
      if (startingCents !== null) changes.starting_balance_cents = startingCents;
      await inTransaction(db, async (trx) => {
        if (Object.keys(changes).length) await trx.updateTable('contests').set(changes).where('id', '=', row.id).execute();
        // Before the start nobody has traded: members simply hold the new starting balance.
        if (startingCents !== null) {
          const members = await trx.selectFrom('portfolios').select('id').where('contest_id', '=', row.id).execute();
          await lockPortfolios(trx, members.map((m) => m.id));
          await trx
            .updateTable('portfolios')
            .set({ cash_cents: startingCents, starting_balance_cents: startingCents })
            .where('contest_id', '=', row.id)
            .execute();
        }
      });
      if (body.end) {
        // Ended now: the same end a tick carries out at endsAt, done at once for the owner.
        await db.updateTable('contests').set({ ends_at: BigInt(now) }).where('id', '=', row.id).execute();
        const ended = await endContest(db, row.id, now);
        if (ended) afterEnd(ended);
      }
      boards.invalidate(row.id);
      return contestFor(db, boards, await loadContestRow(db, row.id), me.id);
    },
  );

  r.post(
    '/contests/join',
    { preHandler: requireUser, schema: { tags, body: JoinContestBody, response: { 201: JoinContestAnswer } } },
    async (request, reply) => {
      const me = sessionUser(request);
      const body = request.body;
      const now = Date.now();
      const row =
        'code' in body
          ? await db.selectFrom('contests').selectAll().where('join_code', '=', body.code.toUpperCase()).executeTakeFirst()
          : await db.selectFrom('contests').selectAll().where('id', '=', body.contestId).where('visibility', '=', 'PUBLIC').executeTakeFirst();
      if (!row) {
        throw 'code' in body ? notFound('CONTEST_NOT_FOUND', 'No contest has that code: check it with your host') : contestNotFound();
      }
      if (contestStatus(row, now) === 'ENDED') throw conflict('CONTEST_ENDED', `"${row.name}" has ended: it no longer takes new members`);
      if (row.kind === 'CLASS' && row.owner_id === me.id) throw conflict('ALREADY_MEMBER', 'You teach this class: you see it as its owner');
      const walletAddress = newWalletAddress();
      // The user's row lock: two joins at once cannot both find no membership and make two.
      await inUserTransaction(db, me.id, async (trx) => {
        const existing = await trx
          .selectFrom('portfolios')
          .select(['closed_at'])
          .where('contest_id', '=', row.id)
          .where('user_id', '=', me.id)
          .executeTakeFirst();
        if (existing && existing.closed_at === null) throw conflict('ALREADY_MEMBER', `You are already in "${row.name}"`);
        if (existing) throw forbidden('REMOVED_FROM_CONTEST', `The host removed you from "${row.name}"`);
        const portfolio = { id: newId(now), userId: me.id, kind: 'CONTEST' as const, contestId: row.id, walletAddress };
        await insertPortfolio(trx, { ...portfolio, cents: BigInt(row.starting_balance_cents) }, now);
      });
      boards.invalidate(row.id);
      return reply.status(201).send({ contest: await contestFor(db, boards, row, me.id), walletAddress });
    },
  );

  r.post('/contests/:id/leave', { preHandler: requireUser, schema: { tags, params: IdParams } }, async (request, reply) => {
    const me = sessionUser(request);
    const row = await loadContestRow(db, request.params.id);
    const membership = await assertCanSee(db, row, me.id);
    if (!membership) throw forbidden('NOT_A_MEMBER', 'You are not in this contest');
    if (Date.now() >= Number(row.starts_at)) throw conflict('CONTEST_STARTED', 'The contest has started: your results stay on its board');
    // Before the start nothing was traded: the portfolio goes, as if never joined.
    await inTransaction(db, async (trx) => {
      await lockPortfolios(trx, [membership.portfolioId]);
      await trx.deleteFrom('portfolios').where('id', '=', membership.portfolioId).execute();
    });
    boards.invalidate(row.id);
    return reply.status(204).send();
  });

  r.get(
    '/contests/:id/leaderboard',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description: 'Members by return, then total, then earlier join; frozen at the end. X-Next-Cursor for the next page.',
        params: IdParams,
        querystring: z.object({ cursor: OffsetCursor, limit: z.coerce.number().int().min(1).max(100).default(50) }),
        response: { 200: z.array(ContestBoardRow) },
      },
    },
    async (request, reply) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      await assertCanSee(db, row, me.id);
      const { entries } = await boards.get(row.id);
      const offset = Number(request.query.cursor ?? 0);
      const end = offset + request.query.limit;
      if (end < entries.length) void reply.header(NEXT_CURSOR_HEADER, String(end));
      return entries.slice(offset, end).map(toBoardRow);
    },
  );

  r.get(
    '/contests/:id/returns',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description: 'The return over time of the top members (for the contest page chart).',
        params: IdParams,
        querystring: z.object({ top: z.coerce.number().int().min(1).max(10).default(5) }),
        response: { 200: ContestReturnsAnswer },
      },
    },
    async (request) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      await assertCanSee(db, row, me.id);
      const { entries } = await boards.get(row.id);
      return contestReturns(db, row, entries.slice(0, request.query.top));
    },
  );

  r.get(
    '/contests/:id/members',
    { preHandler: requireUser, schema: { tags, params: IdParams, response: { 200: z.array(ContestMember) } } },
    async (request) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      assertOwner(row, me.id);
      // The owner's views are read fresh (not from the board's cache): they follow each trade.
      const { entries } = await computeBoard(db, row.id);
      return entries.map((e) => ({
        walletAddress: e.walletAddress,
        username: e.username,
        displayName: e.displayName,
        ...(row.kind === 'CLASS' ? { email: e.email } : {}),
        totalBalance: e.totalBalance,
        returnPercentage: e.returnPercentage,
        trades: e.trades,
        lastActiveAt: e.lastActiveAt,
        rank: e.rank,
      }));
    },
  );

  /** A member's portfolio in this contest, by its wallet; 404 for anything else. */
  const memberPortfolio = async (contestId: string, walletAddress: string) => {
    const member = await db
      .selectFrom('portfolios')
      .select(['id', 'user_id'])
      .where('contest_id', '=', contestId)
      .where('wallet_address', '=', walletAddress.toLowerCase())
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw notFound('MEMBER_NOT_FOUND', 'No member of this contest has that wallet');
    return member;
  };

  r.get(
    '/contests/:id/members/:walletAddress',
    { preHandler: requireUser, schema: { tags, params: MemberParams, response: { 200: User } } },
    async (request) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      assertOwner(row, me.id);
      if (row.kind !== 'CLASS') {
        throw forbidden('NOT_A_CLASS', 'Only a class\'s teacher sees members\' portfolios; contest portfolios stay private');
      }
      const member = await memberPortfolio(row.id, request.params.walletAddress);
      const record = await loadUserRecord(db, member.id);
      // The teacher sees the portfolio, not the student's notifications or settings.
      return { ...record, notifications: [], settings: {} };
    },
  );

  r.delete('/contests/:id/members/:walletAddress', { preHandler: requireUser, schema: { tags, params: MemberParams } }, async (request, reply) => {
    const me = sessionUser(request);
    const row = await loadContestRow(db, request.params.id);
    assertOwner(row, me.id);
    const member = await memberPortfolio(row.id, request.params.walletAddress);
    if (member.user_id === me.id) throw badRequest('VALIDATION_ERROR', 'You cannot remove yourself from your own contest', 'walletAddress');
    const now = Date.now();
    // Closed under its lock: working orders are cancelled with their reservations back, so a
    // removed portfolio has nothing left that a tick could fill.
    await inTransaction(db, async (trx) => {
      await lockPortfolios(trx, [member.id]);
      const working = await trx
        .updateTable('limit_orders')
        .set({ status: 'CANCELLED', closed_at: now })
        .where('portfolio_id', '=', member.id)
        .where('status', '=', 'WORKING')
        .returning(['id', 'oco_group_id', 'portfolio_id', 'type', 'symbol', 'purchase_cents', 'sell_shares'])
        .execute();
      // Both legs of a pair end here together: its shares go back once.
      for (const o of working.filter(rowHoldsReservation)) {
        await releaseReservation(trx, { portfolioId: o.portfolio_id, type: o.type, symbol: o.symbol, purchaseCents: o.purchase_cents, sellShares: o.sell_shares });
      }
      await trx.updateTable('portfolios').set({ closed_at: now }).where('id', '=', member.id).execute();
      await notifyMany(trx, [{ userId: member.user_id, type: 'INFORMATIVE', text: `The host removed you from "${row.name}"`, url: '/contests' }], now);
    });
    boards.invalidate(row.id);
    ctx.bus.publish({ type: 'user-changed', userId: member.user_id });
    return reply.status(204).send();
  });

  r.post(
    '/contests/:id/announcements',
    { preHandler: requireUser, schema: { tags, params: IdParams, body: AnnouncementBody, response: { 201: z.object({ sent: z.number().int() }) } } },
    async (request, reply) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      assertOwner(row, me.id);
      const members = await db
        .selectFrom('portfolios')
        .select('user_id')
        .where('contest_id', '=', row.id)
        .where('closed_at', 'is', null)
        .where('user_id', '!=', me.id)
        .execute();
      const userIds = [...new Set(members.map((m) => m.user_id))];
      const text = `${row.name}: ${request.body.text}`;
      await inTransaction(db, (trx) =>
        notifyMany(trx, userIds.map((userId) => ({ userId, type: 'INFORMATIVE' as const, text, url: `/contests/${row.id}` }))),
      );
      for (const userId of userIds) ctx.bus.publish({ type: 'user-changed', userId });
      return reply.status(201).send({ sent: userIds.length });
    },
  );

  r.get('/contests/:id/standings.csv', { preHandler: requireUser, schema: { tags, params: IdParams, produces: ['text/csv'] } }, async (request, reply) => {
    const me = sessionUser(request);
    const row = await loadContestRow(db, request.params.id);
    assertOwner(row, me.id);
    const { entries } = await computeBoard(db, row.id);
    const withEmail = row.kind === 'CLASS';
    const header = ['rank', 'username', ...(withEmail ? ['email'] : []), 'total', 'return_percent', 'trades'];
    const lines = entries.map((e) =>
      [String(e.rank), e.username, ...(withEmail ? [e.email] : []), e.totalBalance.toFixed(2), e.returnPercentage.toFixed(2), String(e.trades)]
        .map(csvCell)
        .join(','),
    );
    const filename = `standings-${row.name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'contest'}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send([header.join(','), ...lines].join('\r\n') + '\r\n');
  });

  r.get(
    '/portfolios',
    {
      preHandler: requireUser,
      schema: { tags, description: 'Your portfolios: the main one first, then one per contest or class joined (open ones).', response: { 200: PortfoliosAnswer } },
    },
    async (request) => {
      const me = sessionUser(request);
      const now = Date.now();
      const rows = await db
        .selectFrom('portfolios')
        .leftJoin('contests', 'contests.id', 'portfolios.contest_id')
        .select(['portfolios.wallet_address', 'portfolios.kind', 'portfolios.contest_id', 'contests.name', 'contests.starts_at', 'contests.ends_at', 'contests.closed_at'])
        .where('portfolios.user_id', '=', me.id)
        .where('portfolios.closed_at', 'is', null)
        .orderBy('portfolios.created_at')
        .execute();
      const list: PortfolioSummary[] = rows.map((p) =>
        p.kind === 'CONTEST' && p.contest_id && p.starts_at !== null && p.ends_at !== null
          ? {
              walletAddress: p.wallet_address,
              kind: 'CONTEST',
              contestId: p.contest_id,
              name: p.name ?? 'Contest',
              status: contestStatus({ starts_at: p.starts_at, ends_at: p.ends_at, closed_at: p.closed_at }, now),
            }
          : { walletAddress: p.wallet_address, kind: 'MAIN', name: 'Main portfolio' },
      );
      return list.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'MAIN' ? -1 : 1));
    },
  );

}
