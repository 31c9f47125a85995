import {
  Contest,
  JoinContestAnswer,
  JoinContestBody,
  PortfoliosAnswer,
  type PortfolioSummary,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireUser, sessionUser } from '../auth/guard.ts';
import { contestFor, contestNotFound } from './contest-access.ts';
import { contestStatus } from './contest-record.ts';
import {
  codeNotFound,
  contestByCode,
  joinContest,
  leaveContest,
  publicContestId,
} from './contest-service.ts';
import { throttledCodeLookup } from './join-code-throttle.ts';
import { IdParams, tags, type ContestShared } from '../../../test/route-kit.ts';

/** A member's side of contests: finding one by its code, joining, leaving, and the list of one's portfolios. */
export function membershipRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { boards }: ContestShared,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get(
    '/contests/code/:code',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description:
          'The contest a join code names, for the join page: rules and host before joining (no code in the answer for non-members). ' +
          'Failed lookups are throttled per account and per client address (429 RATE_LIMITED, shared with POST /contests/join).',
        params: z.object({ code: z.string().trim().min(1).max(32) }),
        response: { 200: Contest },
      },
    },
    async (request, reply) => {
      const me = sessionUser(request);
      const row = await throttledCodeLookup(db, reply, { userId: me.id, ip: request.ip }, () =>
        contestByCode(db, request.params.code),
      );
      if (!row) throw codeNotFound();
      return contestFor(db, boards, row, me.id);
    },
  );

  r.post(
    '/contests/join',
    {
      preHandler: requireUser,
      schema: { tags, body: JoinContestBody, response: { 201: JoinContestAnswer } },
    },
    async (request, reply) => {
      const me = sessionUser(request);
      const body = request.body;
      let contestId: string | null;
      if ('code' in body) {
        const row = await throttledCodeLookup(db, reply, { userId: me.id, ip: request.ip }, () =>
          contestByCode(db, body.code),
        );
        if (!row) throw codeNotFound();
        contestId = row.id;
      } else {
        contestId = await publicContestId(db, body.contestId);
        if (!contestId) throw contestNotFound();
      }
      const { row, walletAddress } = await joinContest(db, me.id, contestId);
      boards.invalidate(row.id);
      return reply
        .status(201)
        .send({ contest: await contestFor(db, boards, row, me.id), walletAddress });
    },
  );

  r.post(
    '/contests/:id/leave',
    { preHandler: requireUser, schema: { tags, params: IdParams } },
    async (request, reply) => {
      const me = sessionUser(request);
      await leaveContest(db, request.params.id, me.id);
      boards.invalidate(request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/portfolios',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description:
          'Your portfolios: the main one first, then one per contest or class joined (open ones).',
        response: { 200: PortfoliosAnswer },
      },
    },
    async (request) => {
      const me = sessionUser(request);
      const now = Date.now();
      const rows = await db
        .selectFrom('portfolios')
        .leftJoin('contests', 'contests.id', 'portfolios.contest_id')
        .select([
          'portfolios.wallet_address',
          'portfolios.kind',
          'portfolios.contest_id',
          'contests.name',
          'contests.starts_at',
          'contests.ends_at',
          'contests.closed_at',
        ])
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
              status: contestStatus(
                { starts_at: p.starts_at, ends_at: p.ends_at, closed_at: p.closed_at },
                now,
              ),
            }
          : { walletAddress: p.wallet_address, kind: 'MAIN', name: 'Main portfolio' },
      );
      return list.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'MAIN' ? -1 : 1));
    },
  );
}
