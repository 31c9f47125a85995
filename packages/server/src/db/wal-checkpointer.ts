import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * SQLite's checkpoints (copying the write-ahead log back into the database file, with its fsyncs)
 * moved off the main thread (docs/decisions/008-sqlite-checkpoints.md). better-sqlite3 is
 * synchronous, so the automatic checkpoint ran inside whichever commit passed 1,000 pages of log,
 * and every request waited for it: ~90 ms of a 1,000-fill limit tick. Here the main connection
 * never checkpoints; a worker thread with a connection of its own does, concurrently.
 */

export interface WalCheckpointOptions {
  /** How long the thread waits after the database opens before it starts (0: at once). */
  startDelayMs: number;
  /** Time between two PASSIVE checkpoints. */
  intervalMs: number;
  /** Time before trying again while the log is past limitBytes and not wholly copied. */
  retryMs: number;
  /** Past this size the log must be brought back: RESTART, and the size a restarted log is cut to. */
  limitBytes: number;
}

export const WAL_CHECKPOINT_DEFAULTS: WalCheckpointOptions = {
  // The thread and tsx in it cost ~0.2 s of CPU to start; the first checkpoint is not due before
  // a second anyway, so a connection that lives less (tests open dozens) never starts one.
  startDelayMs: 1_000,
  intervalMs: 1_000,
  retryMs: 100,
  limitBytes: 64 * 1024 * 1024,
};

/** What the worker is given (wal-checkpoint-worker.ts). */
export interface CheckpointWorkerOptions {
  file: string;
  intervalMs: number;
  retryMs: number;
  limitBytes: number;
}

/** One round of the worker: the pragma's answer (frames in the log, frames copied) and the file's size. */
export interface CheckpointReport {
  type: 'checkpoint';
  mode: 'PASSIVE' | 'RESTART';
  /** The checkpoint could not finish: a lock was held (RESTART) or another checkpoint ran. */
  busy: boolean;
  log: number;
  checkpointed: number;
  walBytes: number;
}

type WorkerMessage = CheckpointReport | { type: 'error'; message: string };

export interface WalCheckpointer {
  /** The worker's last round, undefined before its first. */
  lastReport(): CheckpointReport | undefined;
  /** Stops the worker and waits until its connection is closed. Call after closing the main one. */
  stop(): Promise<void>;
}

/** The automatic checkpoint's own default, put back when the worker is gone. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1_000;
/** A worker that has not closed its connection by then is terminated. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * Node 20 does not give a worker thread the `--import tsx` of its parent, and vitest's transform
 * does not reach threads at all, so the worker registers tsx itself before importing its
 * TypeScript. tsx is found from this file, not from the working directory (which the worker's
 * bare imports would use), through its package's exports: vitest has no import.meta.resolve, and
 * require.resolve would pick the CommonJS build, whose register() fails in a worker.
 */
function tsxApiUrl(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } } | string>;
  };
  const api = exports['./esm/api'];
  const target = typeof api === 'object' ? api.import?.default : undefined;
  if (!target) throw new Error('tsx/esm/api has no ESM entry');
  return new URL(target, pathToFileURL(manifest)).href;
}

function workerSource(): string {
  const tsx = tsxApiUrl();
  const entry = new URL('./wal-checkpoint-worker.ts', import.meta.url).href;
  return `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(entry)});\n`;
}

/**
 * Turns off `sqlite`'s automatic checkpoint and starts the worker that does them instead.
 * `file` is the database file `sqlite` has open. If the worker fails (cannot start, dies), the
 * automatic checkpoint is turned back on, so the log stays bounded, on the main thread as before.
 */
export function startWalCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  overrides: Partial<WalCheckpointOptions> = {},
): WalCheckpointer {
  const options = { ...WAL_CHECKPOINT_DEFAULTS, ...overrides };
  sqlite.pragma('wal_autocheckpoint = 0');
  // When a writer starts the log again from its beginning (after a full checkpoint), the commit
  // cuts the file back to this size, so one burst does not leave a large file behind.
  sqlite.pragma(`journal_size_limit = ${options.limitBytes}`);

  let worker: Worker | undefined;
  let exited: Promise<void> = Promise.resolve();
  let stopping = false;
  let last: CheckpointReport | undefined;
  let fellBack = false;

  const fallBack = (why: string) => {
    // A failing worker reports an error, then exits: one fallback is enough.
    if (stopping || fellBack) return;
    fellBack = true;
    console.error(
      `SQLite WAL checkpointer: ${why}; automatic checkpoints are back on the main connection`,
    );
    try {
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    } catch (error) {
      console.error(
        `SQLite WAL checkpointer: could not turn automatic checkpoints back on: ${(error as Error).message}`,
      );
    }
  };

  const start = () => {
    if (stopping) return;
    const workerData: CheckpointWorkerOptions = {
      file,
      intervalMs: options.intervalMs,
      retryMs: options.retryMs,
      limitBytes: options.limitBytes,
    };
    try {
      worker = new Worker(workerSource(), {
        eval: true,
        workerData,
        name: 'sqlite-wal-checkpointer',
      });
    } catch (error) {
      fallBack(`the worker could not start (${(error as Error).message})`);
      return;
    }
    // A background chore: it must not keep the process alive, nor take it down when it fails.
    worker.unref();
    const running = worker;
    exited = new Promise((resolve) => running.once('exit', () => resolve()));
    running.on('message', (message: WorkerMessage) => {
      if (message.type === 'checkpoint') last = message;
      else console.error(`SQLite WAL checkpoint failed: ${message.message}`);
    });
    running.on('error', (error) => fallBack(`the worker failed (${error.message})`));
    running.once('exit', (code) => fallBack(`the worker exited (code ${code})`));
  };

  const startTimer =
    options.startDelayMs > 0 ? setTimeout(start, options.startDelayMs).unref() : undefined;
  if (!startTimer) start();

  return {
    lastReport: () => last,
    async stop() {
      stopping = true;
      clearTimeout(startTimer);
      if (!worker) return;
      const running = worker;
      // Whoever awaits close() waits for the worker's connection to close: an unref'd worker would
      // let the process end first, with the close still pending.
      running.ref();
      running.postMessage('stop');
      const timer = setTimeout(() => void running.terminate(), STOP_TIMEOUT_MS).unref();
      await exited;
      clearTimeout(timer);
    },
  };
}
