import {
  Assignment,
  AssignmentsAnswer,
  CreateAssignmentBody,
  UpdateAssignmentBody,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { csvLine } from '../../http/csv.ts';
import { requireUser, sessionUser } from '../auth/guard.ts';
import { assertOwner, loadContestRow } from '../contests/public.ts';
import { IdParams } from '../../../test/route-kit.ts';
import {
  assignmentsFor,
  createAssignment,
  deleteAssignment,
  taskLabel,
  updateAssignment,
} from './assignment-service.ts';

const tags = ['assignments'];
const AssignmentParams = z.object({
  id: z.string().min(1).max(64),
  assignmentId: z.string().min(1).max(64),
});

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

/**
 * A class's assignments (docs/api.md "Class assignments"): the owner writes them, and everyone in
 * the class reads them with progress computed from what the members did
 * (docs/decisions/035-assignments-that-check-themselves.md).
 */
export function assignmentRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  // The session is checked before the body is validated, so a visitor learns nothing about input rules.
  const guarded = { preValidation: requireUser };

  /** The one assignment's answer after a write, as its owner sees it. */
  const ownerView = async (contestId: string, assignmentId: string, userId: string) => {
    const contest = await loadContestRow(db, contestId);
    const { assignments } = await assignmentsFor(db, contest, userId, assignmentId);
    const [assignment] = assignments;
    // assignmentsFor answers 404 ASSIGNMENT_NOT_FOUND rather than an empty list for one id.
    if (!assignment) throw new Error('assignmentsFor returned no assignment for one id');
    return assignment;
  };

  app.get(
    '/contests/:id/assignments',
    {
      ...guarded,
      schema: {
        tags,
        description:
          "The class's assignments by due date. The owner gets every member's progress, a member only " +
          'their own. 403 NOT_A_MEMBER, NOT_A_CLASS; 404 CONTEST_NOT_FOUND.',
        params: IdParams,
        response: { 200: AssignmentsAnswer },
      },
    },
    async (request) => {
      const contest = await loadContestRow(db, request.params.id);
      return (await assignmentsFor(db, contest, sessionUser(request).id)).assignments;
    },
  );

  app.post(
    '/contests/:id/assignments',
    {
      ...guarded,
      schema: {
        tags,
        description:
          "Owner of a CLASS: {title, dueAt, tasks}. 201 the Assignment with every member's progress. " +
          '400 VALIDATION_ERROR, LESSON_NOT_FOUND, QUIZ_NOT_FOUND (field tasks.N.lesson); 403 NOT_CONTEST_OWNER, NOT_A_CLASS.',
        params: IdParams,
        body: CreateAssignmentBody,
        response: { 201: Assignment },
      },
    },
    async (request, reply) => {
      const me = sessionUser(request);
      const row = await createAssignment(db, request.params.id, me.id, request.body, Date.now());
      return reply.status(201).send(await ownerView(request.params.id, row.id, me.id));
    },
  );

  app.patch(
    '/contests/:id/assignments/:assignmentId',
    {
      ...guarded,
      schema: {
        tags,
        description:
          'Owner: any of title, dueAt, tasks (tasks replaced whole). Progress follows the new tasks at ' +
          'once: it is computed, not stored. 404 ASSIGNMENT_NOT_FOUND.',
        params: AssignmentParams,
        body: UpdateAssignmentBody,
        response: { 200: Assignment },
      },
    },
    async (request) => {
      const me = sessionUser(request);
      const { id, assignmentId } = request.params;
      await updateAssignment(db, id, assignmentId, me.id, request.body, Date.now());
      return ownerView(id, assignmentId, me.id);
    },
  );

  app.delete(
    '/contests/:id/assignments/:assignmentId',
    {
      ...guarded,
      schema: {
        tags,
        description: 'Owner: 204. 404 ASSIGNMENT_NOT_FOUND.',
        params: AssignmentParams,
      },
    },
    async (request, reply) => {
      const { id, assignmentId } = request.params;
      await deleteAssignment(db, id, assignmentId, sessionUser(request).id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/contests/:id/assignments/:assignmentId/progress.csv',
    {
      ...guarded,
      schema: {
        tags,
        description:
          'Owner: one line per member: username, email, then per task its state (done, late, not yet) ' +
          'and when it was done (ISO 8601, empty when not yet).',
        params: AssignmentParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const me = sessionUser(request);
      const contest = await loadContestRow(db, request.params.id);
      assertOwner(contest, me.id);
      const { assignments, members } = await assignmentsFor(
        db,
        contest,
        me.id,
        request.params.assignmentId,
      );
      const assignment = assignments[0];
      const tasks = assignment?.tasks ?? [];
      const header = csvLine([
        'username',
        'email',
        ...tasks.flatMap((t, i) => [`${i + 1}. ${taskLabel(t)}`, `${i + 1}. done at`]),
      ]);
      const lines = (assignment?.progress ?? []).map((p, row) =>
        csvLine([
          p.username,
          members[row]?.email ?? '',
          ...p.tasks.flatMap((s) => [s.late ? 'late' : s.done ? 'done' : 'not yet', iso(s.doneAt)]),
        ]),
      );
      const filename = `assignment-${(assignment?.title ?? '').replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'progress'}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(header + lines.join(''));
    },
  );
}
