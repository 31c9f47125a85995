import type { AssignmentTask, ContestOrderType, TaskProgress } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { countNotes } from './count-notes.ts';

type Db = Kysely<DB>;

export interface ClassMember {
  userId: string;
  portfolioId: string;
  walletAddress: string;
  username: string;
  displayName: string;
  email: string;
}

/**
 * What a member did, as the times each task's condition was first met
 * (docs/decisions/035-assignments-that-check-themselves.md): read from the rows' own timestamps, so a
 * task done last week stays done last week whenever it is asked.
 */
export interface MemberActivity {
  readAt: Map<string, number>;
  /** Per lesson, each attempt's score and time, oldest first. */
  attempts: Map<string, { score: number; at: number }[]>;
  /** Per lesson, the best score of attempts made before attempts had rows of their own. */
  bestScore: Map<string, { score: number; at: number }>;
  /** Per order kind, the first order of that kind placed in the class portfolio. */
  firstOrder: Map<ContestOrderType, number>;
  /** firstHeld[n - 1]: when the portfolio first held n different assets at once. */
  firstHeld: number[];
  /** Times of the notes written, oldest first. */
  notes: number[];
}

const emptyActivity = (): MemberActivity => ({
  readAt: new Map(),
  attempts: new Map(),
  bestScore: new Map(),
  firstOrder: new Map(),
  firstHeld: [],
  notes: [],
});

const earliest = (map: Map<ContestOrderType, number>, kind: ContestOrderType, at: number) => {
  const seen = map.get(kind);
  if (seen === undefined || at < seen) map.set(kind, at);
};

/** One batch of reads for every member and every task of the class's assignments. */
export async function readActivity(
  db: Db,
  members: readonly ClassMember[],
  tasks: readonly AssignmentTask[],
): Promise<Map<string, MemberActivity>> {
  const byUser = new Map<string, MemberActivity>();
  const byPortfolio = new Map<string, MemberActivity>();
  for (const m of members) {
    const activity = emptyActivity();
    byUser.set(m.userId, activity);
    byPortfolio.set(m.portfolioId, activity);
  }
  if (members.length === 0) return byUser;
  const userIds = members.map((m) => m.userId);
  const portfolioIds = members.map((m) => m.portfolioId);
  const kinds = new Set(tasks.map((t) => t.kind));
  const lessons = [
    ...new Set(
      tasks.flatMap((t) => (t.kind === 'READ_LESSON' || t.kind === 'PASS_QUIZ' ? [t.lesson] : [])),
    ),
  ];

  const reads: Promise<void>[] = [];
  if (lessons.length > 0) {
    reads.push(
      (async () => {
        const rows = await db
          .selectFrom('lesson_progress')
          .select(['user_id', 'lesson', 'read_at', 'best_score', 'last_attempt_at'])
          .where('user_id', 'in', userIds)
          .where('lesson', 'in', lessons)
          .execute();
        for (const r of rows) {
          const a = byUser.get(r.user_id);
          if (!a) continue;
          if (r.read_at !== null) a.readAt.set(r.lesson, Number(r.read_at));
          if (r.best_score !== null && r.last_attempt_at !== null)
            a.bestScore.set(r.lesson, {
              score: Number(r.best_score),
              at: Number(r.last_attempt_at),
            });
        }
      })(),
    );
  }
  if (kinds.has('PASS_QUIZ')) {
    reads.push(
      (async () => {
        const rows = await db
          .selectFrom('quiz_attempts')
          .select(['user_id', 'lesson', 'score', 'at'])
          .where('user_id', 'in', userIds)
          .where('lesson', 'in', lessons)
          .orderBy('at')
          .execute();
        for (const r of rows) {
          const a = byUser.get(r.user_id);
          if (!a) continue;
          const list = a.attempts.get(r.lesson) ?? [];
          list.push({ score: Number(r.score), at: Number(r.at) });
          a.attempts.set(r.lesson, list);
        }
      })(),
    );
  }
  if (kinds.has('PLACE_ORDER')) {
    reads.push(
      (async () => {
        // A market order is a transaction of its own; every other kind leaves a working order row,
        // whatever became of it (filled, cancelled, expired): placing it is the task.
        const fills = await db
          .selectFrom('transactions')
          .select(['portfolio_id', (eb) => eb.fn.min('created_at').as('at')])
          .where('portfolio_id', 'in', portfolioIds)
          .where('method', '=', 'MARKET')
          .groupBy('portfolio_id')
          .execute();
        for (const r of fills) {
          const map = byPortfolio.get(r.portfolio_id)?.firstOrder;
          if (map) earliest(map, 'MARKET', Number(r.at));
        }
        const orders = await db
          .selectFrom('limit_orders')
          .select([
            'portfolio_id',
            'order_type',
            'oco_group_id',
            (eb) => eb.fn.min('created_at').as('at'),
          ])
          .where('portfolio_id', 'in', portfolioIds)
          // A bracket's legs are opened by the server on the purchase's fill, not placed.
          .where('parent_id', 'is', null)
          .groupBy(['portfolio_id', 'order_type', 'oco_group_id'])
          .execute();
        for (const r of orders) {
          const map = byPortfolio.get(r.portfolio_id)?.firstOrder;
          if (!map) continue;
          const kind = r.oco_group_id !== null ? 'OCO' : (r.order_type as ContestOrderType);
          earliest(map, kind, Number(r.at));
        }
      })(),
    );
  }
  if (kinds.has('HOLD_ASSETS')) {
    reads.push(
      (async () => {
        const rows = await db
          .selectFrom('transactions')
          .innerJoin('portfolios', 'portfolios.id', 'transactions.portfolio_id')
          .select([
            'transactions.portfolio_id',
            'transactions.type',
            'transactions.symbol',
            'transactions.shares',
            'transactions.created_at',
          ])
          .where('transactions.portfolio_id', 'in', portfolioIds)
          // A reset starts the portfolio over: only what it holds since counts.
          .whereRef('transactions.epoch', '=', 'portfolios.epoch')
          .orderBy('transactions.created_at')
          .orderBy('transactions.id')
          .execute();
        const held = new Map<string, Map<string, bigint>>();
        for (const r of rows) {
          const a = byPortfolio.get(r.portfolio_id);
          if (!a) continue;
          const shares = held.get(r.portfolio_id) ?? new Map<string, bigint>();
          held.set(r.portfolio_id, shares);
          const before = shares.get(r.symbol) ?? 0n;
          const delta = BigInt(r.shares);
          const after = r.type === 'SELL' ? before - delta : before + delta;
          if (after > 0n) shares.set(r.symbol, after);
          else shares.delete(r.symbol);
          const count = shares.size;
          if (count > a.firstHeld.length)
            for (let n = a.firstHeld.length; n < count; n += 1)
              a.firstHeld.push(Number(r.created_at));
        }
      })(),
    );
  }
  if (kinds.has('WRITE_NOTES')) {
    reads.push(
      (async () => {
        const notes = await countNotes(db, portfolioIds);
        for (const [portfolioId, times] of notes) {
          const a = byPortfolio.get(portfolioId);
          if (a) a.notes = times;
        }
      })(),
    );
  }
  await Promise.all(reads);
  return byUser;
}

/** When the task's condition was first met, or null while it is not. */
export function doneAt(task: AssignmentTask, a: MemberActivity): number | null {
  switch (task.kind) {
    case 'READ_LESSON':
      return a.readAt.get(task.lesson) ?? null;
    case 'PASS_QUIZ': {
      const passed = a.attempts.get(task.lesson)?.find((x) => x.score >= task.minScore);
      if (passed) return passed.at;
      // Attempts from before migration 022 left only the best score: its time is the latest attempt's.
      const best = a.bestScore.get(task.lesson);
      return best && best.score >= task.minScore ? best.at : null;
    }
    case 'PLACE_ORDER':
      return a.firstOrder.get(task.orderType) ?? null;
    case 'HOLD_ASSETS':
      return a.firstHeld[task.count - 1] ?? null;
    case 'WRITE_NOTES':
      return a.notes[task.count - 1] ?? null;
  }
}

export function taskProgress(task: AssignmentTask, a: MemberActivity, dueAt: number): TaskProgress {
  const at = doneAt(task, a);
  return { done: at !== null, doneAt: at, late: at !== null && at > dueAt };
}
