import {
  AssignmentTask,
  describeTask,
  type Assignment,
  type CreateAssignmentBody,
  type MemberAssignmentProgress,
  type UpdateAssignmentBody,
} from '@papertrade/domain';
import { findLesson } from '@papertrade/domain/lessons';
import { QUIZZES } from '@papertrade/domain/quizzes';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { newId } from '../../db/new-id.ts';
import type { AssignmentsTable, DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, forbidden, notFound } from '../../http/app-error.ts';
import { assertCanSee, assertOwner, lockContestRow, type ContestRow } from '../contests/public.ts';
import { readActivity, taskProgress, type ClassMember } from './assignment-progress.ts';

type Db = Kysely<DB>;
type Row = Selectable<AssignmentsTable>;

const StoredTasks = z.array(AssignmentTask);

export const assignmentNotFound = () =>
  notFound('ASSIGNMENT_NOT_FOUND', 'This class has no such assignment');

export const lessonTitle = (slug: string): string => findLesson(slug)?.title ?? slug;
export const taskLabel = (task: AssignmentTask): string => describeTask(task, lessonTitle);

/**
 * What the schema cannot check: lessons that exist, a quiz's minimum within its question count, and
 * a due date inside the class (after its start, at most its end).
 */
function checkBody(
  contest: ContestRow,
  body: { dueAt?: number | undefined; tasks?: AssignmentTask[] | undefined },
): void {
  if (body.dueAt !== undefined) {
    if (body.dueAt <= Number(contest.starts_at) || body.dueAt > Number(contest.ends_at))
      throw badRequest(
        'VALIDATION_ERROR',
        "The due date must be after the class's start and no later than its end",
        'dueAt',
      );
  }
  for (const [i, task] of (body.tasks ?? []).entries()) {
    if (task.kind !== 'READ_LESSON' && task.kind !== 'PASS_QUIZ') continue;
    if (!findLesson(task.lesson))
      throw badRequest(
        'LESSON_NOT_FOUND',
        `There is no lesson called "${task.lesson}"`,
        `tasks.${i}.lesson`,
      );
    if (task.kind === 'PASS_QUIZ') {
      const questions = QUIZZES[task.lesson]?.length ?? 0;
      if (questions === 0)
        throw badRequest('QUIZ_NOT_FOUND', 'This lesson has no quiz', `tasks.${i}.lesson`);
      if (task.minScore > questions)
        throw badRequest(
          'VALIDATION_ERROR',
          `This quiz has ${questions} questions: the minimum can be at most ${questions}`,
          `tasks.${i}.minScore`,
        );
    }
  }
}

function assertClass(contest: ContestRow): void {
  if (contest.kind !== 'CLASS') throw forbidden('NOT_A_CLASS', 'Only a class has assignments');
}

/**
 * The owner's change of an assignment, under the class's row lock (db/transaction.ts lock order):
 * two edits of one assignment queue instead of one losing the other's fields, and a class's end
 * date changed at once is read after it lands.
 */
async function underOwnerLock<T>(
  db: Db,
  contestId: string,
  userId: string,
  work: (trx: Db, contest: ContestRow) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    const contest = await lockContestRow(trx, contestId);
    // A stranger to a private class gets the 404 of an unknown id; a member, the owner's 403.
    if (contest.owner_id !== userId) await assertCanSee(trx, contest, userId);
    assertOwner(contest, userId);
    assertClass(contest);
    return work(trx, contest);
  });
}

export function createAssignment(
  db: Db,
  contestId: string,
  userId: string,
  body: CreateAssignmentBody,
  now: number,
): Promise<Row> {
  return underOwnerLock(db, contestId, userId, async (trx, contest) => {
    checkBody(contest, body);
    return trx
      .insertInto('assignments')
      .values({
        id: newId(now),
        contest_id: contest.id,
        title: body.title,
        due_at: body.dueAt,
        tasks: JSON.stringify(body.tasks),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export function updateAssignment(
  db: Db,
  contestId: string,
  assignmentId: string,
  userId: string,
  body: UpdateAssignmentBody,
  now: number,
): Promise<Row> {
  return underOwnerLock(db, contestId, userId, async (trx, contest) => {
    checkBody(contest, body);
    const row = await trx
      .updateTable('assignments')
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.dueAt !== undefined ? { due_at: body.dueAt } : {}),
        ...(body.tasks !== undefined ? { tasks: JSON.stringify(body.tasks) } : {}),
        updated_at: now,
      })
      .where('id', '=', assignmentId)
      .where('contest_id', '=', contest.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw assignmentNotFound();
    return row;
  });
}

export async function deleteAssignment(
  db: Db,
  contestId: string,
  assignmentId: string,
  userId: string,
): Promise<void> {
  await underOwnerLock(db, contestId, userId, async (trx, contest) => {
    const { numDeletedRows } = await trx
      .deleteFrom('assignments')
      .where('id', '=', assignmentId)
      .where('contest_id', '=', contest.id)
      .executeTakeFirst();
    if (numDeletedRows === 0n) throw assignmentNotFound();
  });
}

/** The class's members in the owner's table order: by username. */
export async function classMembers(db: Db, contestId: string): Promise<ClassMember[]> {
  const rows = await db
    .selectFrom('portfolios')
    .innerJoin('users', 'users.id', 'portfolios.user_id')
    .select([
      'users.id as userId',
      'portfolios.id as portfolioId',
      'portfolios.wallet_address as walletAddress',
      'users.username',
      'users.display_name as displayName',
      'users.email',
    ])
    .where('portfolios.contest_id', '=', contestId)
    .where('portfolios.closed_at', 'is', null)
    .orderBy('users.username_lower')
    .execute();
  return rows;
}

/**
 * The assignments as `viewerId` sees them: the owner with every member's progress, a member with
 * their own. Anyone else who may see the class (a PUBLIC one) is not in it: 403 NOT_A_MEMBER.
 */
export async function assignmentsFor(
  db: Db,
  contest: ContestRow,
  viewerId: string,
  only?: string,
): Promise<{ assignments: Assignment[]; members: ClassMember[] }> {
  const membership = await assertCanSee(db, contest, viewerId);
  const isOwner = contest.owner_id === viewerId;
  if (!isOwner && !membership)
    throw forbidden('NOT_A_MEMBER', "Only the class's teacher and members see its assignments");
  assertClass(contest);
  const rows = await db
    .selectFrom('assignments')
    .selectAll()
    .where('contest_id', '=', contest.id)
    .$if(only !== undefined, (q) => q.where('id', '=', only ?? ''))
    .orderBy('due_at')
    .orderBy('id')
    .execute();
  if (only !== undefined && rows.length === 0) throw assignmentNotFound();
  const all = await classMembers(db, contest.id);
  const members = isOwner ? all : all.filter((m) => m.portfolioId === membership?.portfolioId);
  const parsed = rows.map((r) => ({ row: r, tasks: StoredTasks.parse(JSON.parse(r.tasks)) }));
  const activity = await readActivity(
    db,
    members,
    parsed.flatMap((p) => p.tasks),
  );
  const assignments = parsed.map(({ row, tasks }): Assignment => {
    const dueAt = Number(row.due_at);
    const progress = members.map((m): MemberAssignmentProgress => ({
      walletAddress: m.walletAddress,
      username: m.username,
      displayName: m.displayName,
      tasks: tasks.map((task) => {
        const a = activity.get(m.userId);
        return a ? taskProgress(task, a, dueAt) : { done: false, doneAt: null, late: false };
      }),
    }));
    return {
      id: row.id,
      contestId: row.contest_id,
      title: row.title,
      dueAt,
      tasks,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      progress,
    };
  });
  return { assignments, members };
}
