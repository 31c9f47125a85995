import type { FastifyReply } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { hashToken } from './tokens.ts';

/**
 * Counters in the rate_limits table (key, count, reset_at), shared by every instance on the
 * database. Each check is ONE guarded upsert that increments and decides in the same statement
 * (INSERT ... ON CONFLICT DO UPDATE ... WHERE guard RETURNING): a row comes back only when the
 * slot was granted. Reading first and recording after the work let 200 parallel requests all
 * read "not yet limited", so a slot is always taken before the costly work.
 */

export type SlotAnswer =
  | {
      ok: true;
      count: number;
      /** When the window ends, ms (fixed windows only). */ resetAt?: number;
    }
  | { ok: false; retryAfterSeconds: number };

/** A fixed window: at most `max` slots per `windowMs`, counted from the window's first slot. */
export interface WindowRule {
  max: number;
  windowMs: number;
}

/**
 * Growing delays instead of a hard lock (OWASP): `free` attempts without waiting, then each
 * further one only once `delay(count)` has passed since the previous one, doubling from 1 s up
 * to `capMs`. The row is forgotten `idleMs` after its last attempt; reset_at = last attempt +
 * idleMs, so the time of the last attempt needs no column of its own.
 */
export interface BackoffRule {
  free: number;
  idleMs: number;
  capMs: number;
}

const FIRST_DELAY_MS = 1000;

/** The wait before the attempt after `count` earlier ones: 0 while free, then 1 s, 2 s, 4 s ... capMs. */
export function backoffDelayMs(count: number, rule: BackoffRule): number {
  if (count < rule.free) return 0;
  const doublings = count - rule.free;
  return doublings >= 30 ? rule.capMs : Math.min(FIRST_DELAY_MS * 2 ** doublings, rule.capMs);
}

/**
 * The same delays as a SQL CASE over the row's count. Literals, not parameters: they come from
 * code, and PostgreSQL cannot type untyped parameters inside a CASE added to a bigint.
 */
function delaySql(rule: BackoffRule): RawBuilder<number> {
  const steps: RawBuilder<unknown>[] = [sql`when rate_limits.count < ${sql.lit(rule.free)} then 0`];
  for (let count = rule.free; backoffDelayMs(count, rule) < rule.capMs; count += 1) {
    steps.push(
      sql`when rate_limits.count = ${sql.lit(count)} then ${sql.lit(backoffDelayMs(count, rule))}`,
    );
  }
  return sql<number>`(case ${sql.join(steps, sql` `)} else ${sql.lit(rule.capMs)} end)`;
}

async function slotRow(db: Kysely<DB>, key: string) {
  return db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .executeTakeFirst();
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Takes one slot of a fixed window, or says how long until the window ends. */
export async function takeWindowSlot(
  db: Kysely<DB>,
  key: string,
  rule: WindowRule,
  now = Date.now(),
): Promise<SlotAnswer> {
  const resetAt = now + rule.windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => {
          const expired = eb('rate_limits.reset_at', '<=', now);
          return {
            count: eb
              .case()
              .when(expired)
              .then(1)
              .else(eb('rate_limits.count', '+', 1))
              .end(),
            reset_at: eb
              .case()
              .when(expired)
              .then(resetAt)
              .else(eb.ref('rate_limits.reset_at'))
              .end(),
          };
        })
        .where((eb) =>
          eb.or([
            eb('rate_limits.reset_at', '<=', BigInt(now)),
            eb('rate_limits.count', '<', BigInt(rule.max)),
          ]),
        ),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirst();
  if (row) return { ok: true, count: Number(row.count), resetAt: Number(row.reset_at) };
  const current = await slotRow(db, key);
  return { ok: false, retryAfterSeconds: seconds(current ? Number(current.reset_at) - now : 1000) };
}

/** Takes one attempt under a backoff rule, or says how long the next one has to wait. */
export async function takeBackoffSlot(
  db: Kysely<DB>,
  key: string,
  rule: BackoffRule,
  now = Date.now(),
): Promise<SlotAnswer> {
  const nextReset = now + rule.idleMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: nextReset })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({
          count: eb
            .case()
            .when('rate_limits.reset_at', '<=', now)
            .then(1)
            .else(eb('rate_limits.count', '+', 1))
            .end(),
          reset_at: nextReset,
        }))
        // Forgotten, or the wait since the last attempt (reset_at - idleMs) has passed.
        .where((eb) =>
          eb.or([
            eb('rate_limits.reset_at', '<=', BigInt(now)),
            eb(sql`rate_limits.reset_at + ${delaySql(rule)}`, '<=', now + rule.idleMs),
          ]),
        ),
    )
    .returning(['count'])
    .executeTakeFirst();
  if (row) return { ok: true, count: Number(row.count) };
  const current = await slotRow(db, key);
  const wait = current
    ? Number(current.reset_at) - rule.idleMs + backoffDelayMs(Number(current.count), rule) - now
    : 1000;
  return { ok: false, retryAfterSeconds: seconds(wait) };
}

/** Gives a slot back (a sign-in that succeeded is no failure); never below zero. */
export async function releaseSlot(db: Kysely<DB>, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1n) }))
    .where('key', '=', key)
    .where('count', '>', 0n)
    .execute();
}

export async function clearLimit(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Old rows are dead weight; dropping them now and then keeps the table small. */
export async function sweepLimits(db: Kysely<DB>, now = Date.now()): Promise<void> {
  if (Math.random() < 0.02)
    await db.deleteFrom('rate_limits').where('reset_at', '<=', BigInt(now)).execute();
}

// Hashed so the table does not collect every address somebody typed into a form.
export const addressHash = (email: string) => hashToken(email.trim().toLowerCase()).slice(0, 40);

/** The 429 to throw; Retry-After goes on the reply first because the error body cannot carry headers. */
export function rateLimited(
  reply: FastifyReply,
  seconds: number,
  what = 'Too many failed attempts',
): AppError {
  reply.header('retry-after', String(seconds));
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError(429, 'RATE_LIMITED', `${what}. Try again in ${wait}.`);
}

/** Throws the 429 when the slot was refused. */
export function assertSlot(
  reply: FastifyReply,
  answer: SlotAnswer,
  what?: string,
): asserts answer is { ok: true; count: number } {
  if (!answer.ok) throw rateLimited(reply, answer.retryAfterSeconds, what);
}
