import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { hashToken } from './tokens.ts';

/** Failed attempts count within this window, which starts at the first failure. */
export const LIMIT_WINDOW_MS = 15 * 60 * 1000;
/** Enough for typos, too few for guessing; the IP limit catches one client trying many e-mails. */
export const MAX_FAILS_PER_EMAIL = 5;
export const MAX_FAILS_PER_IP = 30;

export interface LimitKey {
  key: string;
  max: number;
}

// Hashed so the table does not collect every address somebody typed into the login form.
export const emailKey = (email: string): LimitKey => ({
  key: `login-email:${hashToken(email.trim().toLowerCase()).slice(0, 40)}`,
  max: MAX_FAILS_PER_EMAIL,
});
export const ipKey = (ip: string): LimitKey => ({ key: `login-ip:${ip}`, max: MAX_FAILS_PER_IP });
/** Re-entering the password of a signed-in account (change password or e-mail, delete account). */
export const reauthKey = (userId: string): LimitKey => ({ key: `reauth:${userId}`, max: MAX_FAILS_PER_EMAIL });

/**
 * Seconds until the first exhausted key frees up, or 0 when none is. Counters live in the
 * rate_limits table rather than in memory so that every instance sees the same count.
 */
export async function retryAfterSeconds(db: Kysely<DB>, keys: LimitKey[], now = Date.now()): Promise<number> {
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'count', 'reset_at'])
    .where('key', 'in', keys.map((k) => k.key))
    .where('reset_at', '>', BigInt(now))
    .execute();
  let wait = 0;
  for (const row of rows) {
    const max = keys.find((k) => k.key === row.key)?.max ?? Infinity;
    if (Number(row.count) >= max) wait = Math.max(wait, Math.ceil((Number(row.reset_at) - now) / 1000));
  }
  return wait;
}

export async function recordFailure(db: Kysely<DB>, keys: LimitKey[], now = Date.now()): Promise<void> {
  const resetAt = now + LIMIT_WINDOW_MS;
  for (const { key } of keys) {
    await db
      .insertInto('rate_limits')
      .values({ key, count: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const expired = eb('rate_limits.reset_at', '<=', now);
          return {
            count: eb.case().when(expired).then(1).else(eb('rate_limits.count', '+', 1)).end(),
            reset_at: eb.case().when(expired).then(resetAt).else(eb.ref('rate_limits.reset_at')).end(),
          };
        }),
      )
      .execute();
  }
  // Old windows are dead weight; dropping them now and then keeps the table small.
  if (Math.random() < 0.05) await db.deleteFrom('rate_limits').where('reset_at', '<=', BigInt(now)).execute();
}

export async function clearLimit(db: Kysely<DB>, key: LimitKey): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key.key).execute();
}

/** The 429 to throw; Retry-After goes on the reply first because the error body cannot carry headers. */
export function rateLimited(reply: FastifyReply, seconds: number): AppError {
  reply.header('retry-after', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(429, 'RATE_LIMITED', `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/** Throws the 429 when any of the keys is exhausted. */
export async function assertNotLimited(db: Kysely<DB>, reply: FastifyReply, keys: LimitKey[]): Promise<void> {
  const wait = await retryAfterSeconds(db, keys);
  if (wait > 0) throw rateLimited(reply, wait);
}
