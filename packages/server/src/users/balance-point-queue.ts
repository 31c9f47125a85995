import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { recordBalanceSnapshots } from './total-balance.ts';
import type { JobLog } from '../background-jobs.ts';

/** How long a requested balance point may wait, so that a second of trading is one batched write. */
export const BALANCE_POINT_DELAY_MS = 1000;

export interface BalancePointQueue {
  /**
   * Asks for a balance point of this user, taken at the next flush (within BALANCE_POINT_DELAY_MS).
   * Once the queue is closing, the point is written at once and the promise waits for it.
   */
  add(portfolioId: string): Promise<void>;
  /** Writes every pending point now, in one batch. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending; later points are written one by one. */
  close(): Promise<void>;
}

/**
 * The balance point after an order, off the order's path: the orders of one second share one
 * batched write (recordBalanceSnapshots, as the limit trigger's fills do), taken at the flush.
 * Points closer than a minute replace each other anyway, so the chart loses nothing; the point
 * is the balance at the flush (the price may have ticked since the order), stamped with that
 * time. Reads do not wait for it: a trade barely moves the total (cash becomes shares at the same
 * price), and GET /balance-history ends with a live point for now anyway.
 *
 * One queue per app instance; on close it is flushed before the database goes away. A failed
 * write is logged and dropped: the order it follows is already committed.
 */
export function createBalancePointQueue(
  db: Kysely<DB>,
  log: JobLog,
  delayMs = BALANCE_POINT_DELAY_MS,
): BalancePointQueue {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let closing = false;
  // Flushes run one after another, never two transactions of this queue at once.
  let last: Promise<void> = Promise.resolve();

  const write = async (portfolioIds: string[]) => {
    try {
      await recordBalanceSnapshots(db, portfolioIds, Date.now());
    } catch (err) {
      log.error({ err, users: portfolioIds.length }, 'balance points failed');
    }
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    last = last.then(() => {
      if (pending.size === 0) return;
      const portfolioIds = [...pending];
      pending = new Set();
      return write(portfolioIds);
    });
    return last;
  };

  return {
    add(portfolioId) {
      if (closing) return write([portfolioId]);
      pending.add(portfolioId);
      if (!timer) {
        timer = setTimeout(() => void flush(), delayMs);
        // A pending point must not keep a process alive that has nothing else to do.
        timer.unref();
      }
      return Promise.resolve();
    },
    flush,
    close() {
      closing = true;
      return flush();
    },
  };
}
