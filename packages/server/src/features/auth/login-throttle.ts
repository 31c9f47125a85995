import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Device } from './device-cookie.ts';
import {
  addressHash,
  clearLimit,
  releaseSlot,
  takeBackoffSlot,
  takeWindowSlot,
  type BackoffRule,
  type SlotAnswer,
  type WindowRule,
} from './rate-limit.ts';

/*
 * Login throttling (docs/decisions/007-login-throttling.md). Every slot is taken before the
 * password is hashed; a refused slot means no scrypt at all.
 *
 * - Per account (keyed by the typed e-mail's hash, so unknown e-mails behave the same and a 429
 *   reveals nothing): 5 attempts free, then each further one waits 1 s, 2 s, 4 s ... 15 min after
 *   the previous one. Forgotten an hour after the last attempt; cleared by a successful login.
 * - Per device: a browser with a valid device cookie for the account skips the account and IP
 *   counters and uses its own (same delays), so an attacker elsewhere cannot lock the owner out.
 * - Per IP: distinct accounts with a failed (or in-flight) attempt from the IP in 15 minutes.
 *   Past 10 the IP is "flagged": its attempts get only 1 free attempt per account instead of 5,
 *   so a person behind it with the right password still signs in at the first try. At 100 it
 *   refuses attempts for further accounts without a device cookie: password spraying stops,
 *   browsers that signed in before still work.
 */
export const ACCOUNT_RULE: BackoffRule = { free: 5, idleMs: 60 * 60 * 1000, capMs: 15 * 60 * 1000 };
/** The account rule for attempts from a flagged IP. */
export const FLAGGED_ACCOUNT_RULE: BackoffRule = { ...ACCOUNT_RULE, free: 1 };
export const DEVICE_RULE: BackoffRule = ACCOUNT_RULE;
export const IP_WINDOW_MS = 15 * 60 * 1000;
export const IP_FLAG_ACCOUNTS = 10;
export const IP_BLOCK_ACCOUNTS = 100;
const IP_RULE: WindowRule = { max: IP_BLOCK_ACCOUNTS, windowMs: IP_WINDOW_MS };
/** The (IP, account) marker only needs to know whether it is new; its count is an int column. */
const PAIR_RULE: WindowRule = { max: 2 ** 31 - 1, windowMs: IP_WINDOW_MS };

const accountKey = (email: string) => `login-email:${addressHash(email)}`;
const deviceKey = (device: Device) => `login-device:${device.userId}.${device.deviceId}`;
const ipKey = (ip: string) => `login-ip:${ip}`;
const pairKey = (ip: string, email: string) => `login-ip-email:${ip}:${addressHash(email)}`;
/** Re-entering the password of a signed-in account (change password or e-mail, delete account). */
export const reauthKey = (userId: string) => `reauth:${userId}`;

export interface LoginAttempt {
  email: string;
  ip: string;
  /** A genuine device cookie for the account this e-mail belongs to. */
  device: Device | null;
}

/** Decides, before any hashing, whether this attempt may have its password checked. */
export async function takeLoginSlot(
  db: Kysely<DB>,
  attempt: LoginAttempt,
  now = Date.now(),
): Promise<SlotAnswer> {
  if (attempt.device) return takeBackoffSlot(db, deviceKey(attempt.device), DEVICE_RULE, now);

  const pair = await takeWindowSlot(db, pairKey(attempt.ip, attempt.email), PAIR_RULE, now);
  let ipAccounts: number;
  if (pair.ok && pair.count === 1) {
    // A new account for this IP: one atomic slot of the IP's budget of distinct accounts.
    const ip = await takeWindowSlot(db, ipKey(attempt.ip), IP_RULE, now);
    if (!ip.ok) {
      // Not counted, so the next try for this account asks the IP budget again.
      await clearLimit(db, pairKey(attempt.ip, attempt.email));
      return ip;
    }
    ipAccounts = ip.count;
  } else {
    // Already one of the IP's accounts: the account's own delays govern it.
    const row = await db
      .selectFrom('rate_limits')
      .select(['count', 'reset_at'])
      .where('key', '=', ipKey(attempt.ip))
      .executeTakeFirst();
    ipAccounts = row && Number(row.reset_at) > now ? Number(row.count) : 0;
  }
  const rule = ipAccounts > IP_FLAG_ACCOUNTS ? FLAGGED_ACCOUNT_RULE : ACCOUNT_RULE;
  return takeBackoffSlot(db, accountKey(attempt.email), rule, now);
}

/** A right password: the attempts it used were no failures. */
export async function loginSucceeded(db: Kysely<DB>, attempt: LoginAttempt): Promise<void> {
  if (attempt.device) {
    await clearLimit(db, deviceKey(attempt.device));
    return;
  }
  await clearLimit(db, accountKey(attempt.email));
  const removed = await db
    .deleteFrom('rate_limits')
    .where('key', '=', pairKey(attempt.ip, attempt.email))
    .executeTakeFirst();
  // The account no longer counts against the IP (a typo followed by the right password).
  if (removed.numDeletedRows > 0n) await releaseSlot(db, ipKey(attempt.ip));
}

/** After a password reset the owner proved the address: earlier failures stop counting. */
export async function clearAccountThrottle(db: Kysely<DB>, email: string): Promise<void> {
  await clearLimit(db, accountKey(email));
}
