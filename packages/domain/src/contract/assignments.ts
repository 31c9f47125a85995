import { z } from 'zod';
import { ContestOrderType } from './contests.ts';
import { LessonSlug } from './lessons.ts';
import { Timestamp, WalletAddress } from './primitives.ts';

/**
 * A class's assignments (docs/api.md "Class assignments"; docs/decisions/035-assignments-that-check-themselves.md):
 * tasks the server checks against what each member did, so nobody ticks a box by hand.
 */

export const ASSIGNMENT_TITLE_MAX = 100;
export const ASSIGNMENT_TASKS_MAX = 20;
/** More than any class needs; a bigger count is a typo that no student could ever meet. */
export const ASSIGNMENT_COUNT_MAX = 100;

const count = z
  .number({ error: 'Enter a number' })
  .int('Enter a whole number')
  .min(1, 'At least 1')
  .max(ASSIGNMENT_COUNT_MAX, `At most ${ASSIGNMENT_COUNT_MAX}`);

export const AssignmentTask = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('READ_LESSON'), lesson: LessonSlug }),
  z.object({
    kind: z.literal('PASS_QUIZ'),
    lesson: LessonSlug,
    /** Questions right in one attempt; the server checks it is at most the quiz's question count. */
    minScore: z.number().int('Enter a whole number').min(1, 'At least 1').max(20),
  }),
  z.object({ kind: z.literal('PLACE_ORDER'), orderType: ContestOrderType }),
  z.object({ kind: z.literal('HOLD_ASSETS'), count }),
  z.object({ kind: z.literal('WRITE_NOTES'), count }),
]);
export type AssignmentTask = z.infer<typeof AssignmentTask>;
export type AssignmentTaskKind = AssignmentTask['kind'];
export const ASSIGNMENT_TASK_KINDS = [
  'READ_LESSON',
  'PASS_QUIZ',
  'PLACE_ORDER',
  'HOLD_ASSETS',
  'WRITE_NOTES',
] as const satisfies readonly AssignmentTaskKind[];

const title = z
  .string()
  .trim()
  .min(1, 'Give the assignment a title')
  .max(ASSIGNMENT_TITLE_MAX, `The title can be at most ${ASSIGNMENT_TITLE_MAX} characters`);
const tasks = z
  .array(AssignmentTask)
  .min(1, 'Add at least one task')
  .max(ASSIGNMENT_TASKS_MAX, `At most ${ASSIGNMENT_TASKS_MAX} tasks`);
const dueAt = Timestamp.refine((v) => v > 0, 'Choose a due date');

export const CreateAssignmentBody = z.object({ title, dueAt, tasks });
export type CreateAssignmentBody = z.infer<typeof CreateAssignmentBody>;
export const UpdateAssignmentBody = z
  .object({ title: title.optional(), dueAt: dueAt.optional(), tasks: tasks.optional() })
  .refine((b) => b.title !== undefined || b.dueAt !== undefined || b.tasks !== undefined, {
    message: 'Change the title, the due date or the tasks',
  });
export type UpdateAssignmentBody = z.infer<typeof UpdateAssignmentBody>;

/** One task of one member: done once its condition was first met; late when that was after dueAt. */
export const TaskProgress = z.object({
  done: z.boolean(),
  doneAt: Timestamp.nullable(),
  late: z.boolean(),
});
export type TaskProgress = z.infer<typeof TaskProgress>;

export const MemberAssignmentProgress = z.object({
  walletAddress: WalletAddress,
  username: z.string(),
  displayName: z.string(),
  /** One entry per task, in the assignment's order. */
  tasks: z.array(TaskProgress),
});
export type MemberAssignmentProgress = z.infer<typeof MemberAssignmentProgress>;

export const Assignment = z.object({
  id: z.string(),
  contestId: z.string(),
  title: z.string(),
  dueAt: Timestamp,
  tasks: z.array(AssignmentTask),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** The owner: every member, by username. A member: only themselves. */
  progress: z.array(MemberAssignmentProgress),
});
export type Assignment = z.infer<typeof Assignment>;
export const AssignmentsAnswer = z.array(Assignment);

const ORDER_WORDS: Record<ContestOrderType, string> = {
  MARKET: 'a market order',
  LIMIT: 'a limit order',
  STOP: 'a stop order',
  STOP_LIMIT: 'a stop-limit order',
  TRAILING_STOP: 'a trailing stop order',
  OCO: 'an OCO pair',
};

/**
 * A task in words, the same on the checklist, in the teacher's table and in the CSV. The lesson's
 * title comes from the caller: the lessons are a separate entry of this package.
 */
export function describeTask(task: AssignmentTask, lessonTitle: (slug: string) => string): string {
  switch (task.kind) {
    case 'READ_LESSON':
      return `Read “${lessonTitle(task.lesson)}”`;
    case 'PASS_QUIZ':
      return `Score at least ${task.minScore} on the quiz of “${lessonTitle(task.lesson)}”`;
    case 'PLACE_ORDER':
      return `Place ${ORDER_WORDS[task.orderType]}`;
    case 'HOLD_ASSETS':
      return `Hold ${task.count} different asset${task.count === 1 ? '' : 's'}`;
    case 'WRITE_NOTES':
      return `Write a note on ${task.count} trade${task.count === 1 ? '' : 's'}`;
  }
}
