/**
 * The worker thread of wal-checkpointer.ts: its own connection to the SQLite file, checkpointing
 * the write-ahead log while the main thread's connection goes on reading and writing
 * (docs/decisions/008-sqlite-checkpoints.md).
 */
import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { CheckpointReport, CheckpointWorkerOptions } from './wal-checkpointer.ts';

const options = workerData as CheckpointWorkerOptions;
const port = parentPort;
if (!port) throw new Error('wal-checkpoint-worker runs as a worker thread');

const sqlite = new SQLite(options.file, { fileMustExist: true });
// Never wait for a lock: RESTART would wait holding the write lock, and the main thread's writers
// would sleep in their busy handler behind it. A checkpoint that meets a lock is simply tried again.
sqlite.pragma('busy_timeout = 0');
// The checkpoint fsyncs the log before copying it and the database file after, as the main
// connection's automatic checkpoint did at this level; OFF would let a power cut lose frames
// already dropped from the log.
sqlite.pragma('synchronous = NORMAL');

const walBytes = () => statSync(`${options.file}-wal`, { throwIfNoEntry: false })?.size ?? 0;

function checkpoint(mode: 'PASSIVE' | 'RESTART'): CheckpointReport {
  const [row] = sqlite.pragma(`wal_checkpoint(${mode})`) as {
    busy: number;
    log: number;
    checkpointed: number;
  }[];
  if (!row) throw new Error(`wal_checkpoint(${mode}) returned no row`);
  return {
    type: 'checkpoint',
    mode,
    busy: row.busy === 1,
    log: row.log,
    checkpointed: row.checkpointed,
    walBytes: 0,
  };
}

/**
 * PASSIVE copies what it can without taking any lock a reader or writer needs. When the main
 * connection kept writing while it copied, the log is never wholly copied at the moment a writer
 * starts, so no writer restarts it at its beginning and the file keeps growing; past the limit,
 * RESTART takes the write lock (between two of the main connection's transactions, as busy_timeout
 * is 0) to copy the few frames written since, so the next write starts the log again. Not TRUNCATE:
 * it rewrites the log's header under a transaction that has read but not yet written, which then
 * fails with SQLITE_BUSY_SNAPSHOT; the main connection's journal_size_limit shrinks the file instead.
 */
function round(): boolean {
  let report = checkpoint('PASSIVE');
  let bytes = walBytes();
  const behind = report.busy || report.checkpointed < report.log;
  if (behind && bytes > options.limitBytes) {
    report = checkpoint('RESTART');
    bytes = walBytes();
  }
  port?.postMessage({ ...report, walBytes: bytes } satisfies CheckpointReport);
  return (report.busy || report.checkpointed < report.log) && bytes > options.limitBytes;
}

let timer: NodeJS.Timeout | undefined;
function schedule(ms: number): void {
  timer = setTimeout(() => {
    let overLimit = false;
    try {
      overLimit = round();
    } catch (error) {
      // A failed round (disk full, an I/O error) is reported and tried again; the log stays on disk.
      port?.postMessage({ type: 'error', message: (error as Error).message });
    }
    schedule(overLimit ? options.retryMs : options.intervalMs);
  }, ms);
}

port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  // The main connection closes first (wal-checkpointer.ts), so when no other process has the file
  // open this is the last connection, and closing it checkpoints the whole log and deletes it, here
  // rather than on the main thread.
  sqlite.close();
  port.close();
});

schedule(options.intervalMs);
