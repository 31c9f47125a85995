import {
  Contest,
  ContestBoardRow,
  ContestReturnsAnswer,
  ContestScope,
  CandlesAnswer,
  NEXT_CURSOR_HEADER,
  ReplayAnswer,
  ReplayCandlesQuery,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireUser, sessionUser } from '../auth/guard.ts';
import { assertCanSee, contestFor, loadContestRow } from './contest-access.ts';
import { toBoardRow } from './contest-board.ts';
import { contestReturns } from './contest-returns.ts';
import { replayAnswer } from './replay-answer.ts';
import { replayCandles } from './replay-candles.ts';
import { IdParams, OffsetCursor, PAGE, tags, type ContestShared } from '../../../test/route-kit.ts';

/** What anyone who may see a contest reads: the lists, one contest, its board and its returns chart. */
export function boardRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { boards }: ContestShared,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get(
    '/contests',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description:
          'joined: contests with an open portfolio of yours; owned: yours; public: PUBLIC ones not ended. Newest first, 20 a page; X-Next-Cursor for the next.',
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
      else if (scope === 'public')
        query = query
          .where('contests.visibility', '=', 'PUBLIC')
          .where('contests.ends_at', '>', BigInt(Date.now()));
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
      const rows = await query
        .orderBy('contests.created_at', 'desc')
        .orderBy('contests.id', 'desc')
        .limit(PAGE + 1)
        .offset(offset)
        .execute();
      if (rows.length > PAGE) void reply.header(NEXT_CURSOR_HEADER, String(offset + PAGE));
      return Promise.all(rows.slice(0, PAGE).map((row) => contestFor(db, boards, row, me.id)));
    },
  );

  r.get(
    '/contests/:id',
    { preHandler: requireUser, schema: { tags, params: IdParams, response: { 200: Contest } } },
    async (request) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      await assertCanSee(db, row, me.id);
      return contestFor(db, boards, row, me.id);
    },
  );

  r.get(
    '/contests/:id/replay',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description:
          'A REPLAY contest: the replayed moment and the replayed price of each asset it trades (409 NOT_A_REPLAY for a LIVE one).',
        params: IdParams,
        response: { 200: ReplayAnswer },
      },
    },
    async (request) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      await assertCanSee(db, row, me.id);
      return replayAnswer(db, row, Date.now());
    },
  );

  r.get(
    '/contests/:id/candles',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description:
          "A REPLAY contest: one asset's candles up to the replayed moment, the last one cut there, oldest first (409 NOT_A_REPLAY for a LIVE one).",
        params: IdParams,
        querystring: ReplayCandlesQuery,
        response: { 200: CandlesAnswer },
      },
    },
    async (request) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      await assertCanSee(db, row, me.id);
      return replayCandles(db, row, request.query, Date.now());
    },
  );

  r.get(
    '/contests/:id/leaderboard',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description:
          "Members by return (by Sharpe ratio first when the contest's rankBy is SHARPE), then total, then earlier join; frozen at the end. X-Next-Cursor for the next page.",
        params: IdParams,
        querystring: z.object({
          cursor: OffsetCursor,
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
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
      return contestReturns(ctx, row, entries.slice(0, request.query.top));
    },
  );
}
