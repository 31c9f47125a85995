import type { Kysely } from 'kysely';
import { AppError } from '../http/app-error.ts';
import type { DB } from './schema.ts';
import { inTransaction, type Trx } from './transaction.ts';

/**
 * Group commit (docs/decisions/022-lean-order-path.md): concurrent works of different portfolios
 * share one transaction and one commit, each with its own result. The works whose requests the
 * event loop read in one turn form a group; those that arrive while it runs form the next.
 *
 * A work's contract: it refuses (throws an AppError) before it writes anything but its
 * portfolio's lock, as a market order does (market-orders.ts), so a refusal leaves the group's
 * other works whole. Any other error rolls the whole group back; each of its works then runs
 * alone, in a transaction of its own, so one failing work fails only itself.
 *
 * Lock order (db/transaction.ts): a group runs its works in ascending portfolio id, so its locks
 * are taken as every other writer takes them; works of one portfolio keep their arrival order.
 */
export interface GroupCommit {
  run<T>(portfolioId: string, work: (trx: Trx) => Promise<T>): Promise<T>;
}

export interface GroupCommitOptions {
  /** The most works in one transaction. */
  maxGroup?: number;
  /** Groups in flight at once (each holds a connection on PostgreSQL). */
  maxGroups?: number;
}

interface Item {
  portfolioId: string;
  work: (trx: Trx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: AppError };

export function groupCommit(
  db: Kysely<DB>,
  { maxGroup = 32, maxGroups = 1 }: GroupCommitOptions = {},
): GroupCommit {
  const queue: Item[] = [];
  let running = 0;
  let due = false;
  const pump = () => {
    due = false;
    while (running < maxGroups && queue.length > 0) {
      const group = queue.splice(0, maxGroup);
      running += 1;
      void runGroup(db, group).finally(() => {
        running -= 1;
        schedule();
      });
    }
  };
  // better-sqlite3 is synchronous, so a group runs from start to commit in microtasks alone, and
  // no request read in the meantime could join the next one: a group started at once always held
  // one order (one commit per order under load). Started after the event loop's poll phase
  // instead, a group takes every order whose request was read in that phase; a lone order waits
  // for one turn of the loop, not for a timer.
  const schedule = () => {
    if (due || queue.length === 0 || running >= maxGroups) return;
    due = true;
    setImmediate(pump);
  };
  return {
    run: <T>(portfolioId: string, work: (trx: Trx) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ portfolioId, work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      }),
  };
}

async function runGroup(db: Kysely<DB>, group: Item[]): Promise<void> {
  // Array.prototype.sort is stable: one portfolio's works keep their order.
  const ordered = [...group].sort((a, b) =>
    a.portfolioId < b.portfolioId ? -1 : a.portfolioId > b.portfolioId ? 1 : 0,
  );
  let outcomes: Outcome[];
  try {
    outcomes = await inTransaction(db, async (trx) => {
      const done: Outcome[] = [];
      for (const item of ordered) {
        try {
          done.push({ ok: true, value: await item.work(trx) });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          done.push({ ok: false, error });
        }
      }
      return done;
    });
  } catch (error) {
    if (ordered.length === 1) {
      ordered[0]?.reject(error);
      return;
    }
    for (const item of ordered) await inTransaction(db, item.work).then(item.resolve, item.reject);
    return;
  }
  ordered.forEach((item, i) => {
    const outcome = outcomes[i];
    if (outcome?.ok) item.resolve(outcome.value);
    else item.reject(outcome?.error);
  });
}
