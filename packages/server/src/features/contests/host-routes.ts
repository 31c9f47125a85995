import {
  AnnouncementBody,
  ClassQuizResultsAnswer,
  Contest,
  ContestMember,
  CreateContestBody,
  UpdateContestBody,
  User,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { csvLine, csvNumber } from '../../http/csv.ts';
import { forbidden } from '../../http/app-error.ts';
import { loadUserRecord } from '../../users/user-record.ts';
import { requireUser, sessionUser } from '../auth/guard.ts';
import { assertOwner, contestFor, loadContestRow } from './contest-access.ts';
import { memberReports } from './member-report.ts';
import { classQuizResults } from './class-quiz-results.ts';
import { computeBoard } from './contest-board.ts';
import {
  announce,
  createContest,
  memberPortfolio,
  removeMember,
  updateContest,
} from './contest-service.ts';
import { IdParams, MemberParams, tags, type ContestShared } from '../../../test/route-kit.ts';

/** The host's side of contests: creating and changing one, its members, announcements and the standings export. */
export function hostRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { boards, afterEnd }: ContestShared,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.post(
    '/contests',
    {
      preHandler: requireUser,
      schema: { tags, body: CreateContestBody, response: { 201: Contest } },
    },
    async (request, reply) => {
      const me = sessionUser(request);
      const row = await createContest(db, me.id, request.body);
      return reply.status(201).send(await contestFor(db, boards, row, me.id));
    },
  );

  r.patch(
    '/contests/:id',
    {
      preHandler: requireUser,
      schema: { tags, params: IdParams, body: UpdateContestBody, response: { 200: Contest } },
    },
    async (request) => {
      const me = sessionUser(request);
      const ended = await updateContest(db, request.params.id, me.id, request.body);
      if (ended) afterEnd(ended);
      boards.invalidate(request.params.id);
      return contestFor(db, boards, await loadContestRow(db, request.params.id), me.id);
    },
  );

  r.get(
    '/contests/:id/members',
    {
      preHandler: requireUser,
      schema: { tags, params: IdParams, response: { 200: z.array(ContestMember) } },
    },
    async (request) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      assertOwner(row, me.id);
      // The owner's views are read fresh (not from the board's cache): they follow each trade.
      const { entries } = await computeBoard(db, row.id);
      const reports = await memberReports(db, entries);
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
        sharpe: e.sharpe,
        ...(reports.get(e.portfolioId) ?? { lessonsRead: 0, quizAverage: null, notes: 0 }),
      }));
    },
  );

  r.get(
    '/contests/:id/members/:walletAddress',
    { preHandler: requireUser, schema: { tags, params: MemberParams, response: { 200: User } } },
    async (request) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      assertOwner(row, me.id);
      if (row.kind !== 'CLASS') {
        throw forbidden(
          'NOT_A_CLASS',
          "Only a class's teacher sees members' portfolios; contest portfolios stay private",
        );
      }
      const member = await memberPortfolio(db, row.id, request.params.walletAddress);
      const record = await loadUserRecord(ctx, member.id);
      // The teacher sees the portfolio, not the student's notifications or settings.
      return { ...record, notifications: [], settings: {} };
    },
  );

  r.get(
    '/contests/:id/quiz-results',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description:
          "Owner of a CLASS: each quiz the class lists or a member took, with per question how many members' latest attempts got it right, and each member's scores.",
        params: IdParams,
        response: { 200: ClassQuizResultsAnswer },
      },
    },
    async (request) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      assertOwner(row, me.id);
      if (row.kind !== 'CLASS')
        throw forbidden('NOT_A_CLASS', 'Quiz results are kept for classes, not contests');
      return classQuizResults(db, row);
    },
  );

  r.delete(
    '/contests/:id/members/:walletAddress',
    { preHandler: requireUser, schema: { tags, params: MemberParams } },
    async (request, reply) => {
      const me = sessionUser(request);
      const memberId = await removeMember(
        db,
        request.params.id,
        me.id,
        request.params.walletAddress,
      );
      boards.invalidate(request.params.id);
      ctx.bus.publish({ type: 'user-changed', userId: memberId });
      return reply.status(204).send();
    },
  );

  r.post(
    '/contests/:id/announcements',
    {
      preHandler: requireUser,
      schema: {
        tags,
        params: IdParams,
        body: AnnouncementBody,
        response: { 201: z.object({ sent: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const me = sessionUser(request);
      const userIds = await announce(db, request.params.id, me.id, request.body.text);
      for (const userId of userIds) ctx.bus.publish({ type: 'user-changed', userId });
      return reply.status(201).send({ sent: userIds.length });
    },
  );

  r.get(
    '/contests/:id/standings.csv',
    { preHandler: requireUser, schema: { tags, params: IdParams, produces: ['text/csv'] } },
    async (request, reply) => {
      const me = sessionUser(request);
      const row = await loadContestRow(db, request.params.id);
      assertOwner(row, me.id);
      const { entries } = await computeBoard(db, row.id);
      const withEmail = row.kind === 'CLASS';
      // A class's export is the teacher's report too (docs/api.md, "Class rules and reports").
      const reports = withEmail ? await memberReports(db, entries) : new Map<string, never>();
      const header = csvLine([
        'rank',
        'username',
        ...(withEmail ? ['email'] : []),
        'total',
        'return_percent',
        'sharpe',
        'trades',
        ...(withEmail ? ['lessons_read', 'quiz_average', 'notes'] : []),
      ]);
      const lines = entries.map((e) => {
        const report = reports.get(e.portfolioId);
        return csvLine([
          csvNumber(e.rank),
          e.username,
          ...(withEmail ? [e.email] : []),
          csvNumber(e.totalBalance.toFixed(2)),
          csvNumber(e.returnPercentage.toFixed(2)),
          e.sharpe == null ? '' : csvNumber(e.sharpe.toFixed(2)),
          csvNumber(e.trades),
          ...(withEmail
            ? [
                csvNumber(report?.lessonsRead ?? 0),
                report?.quizAverage == null ? '' : csvNumber(report.quizAverage.toFixed(2)),
                csvNumber(report?.notes ?? 0),
              ]
            : []),
        ]);
      });
      const filename = `standings-${row.name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'contest'}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(header + lines.join(''));
    },
  );
}
