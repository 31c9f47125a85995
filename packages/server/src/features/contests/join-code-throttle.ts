import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  assertSlot,
  releaseSlot,
  takeBackoffSlot,
  takeWindowSlot,
  type BackoffRule,
  type WindowRule,
} from '../auth/public.ts';

/*
 * Join codes are guessed under the login throttle's counters (features/auth/rate-limit.ts,
 * docs/decisions/007-login-throttling.md; the numbers are in docs/api.md, Rate limits): a slot per
 * account and one per client address are taken before the code is looked up, and a code that
 * names a contest gives both back, so only failed lookups count. POST /contests/join {code} and
 * GET /contests/code/:code share the counters. A class of 40 behind one school address mistyping
 * now and then stays far below them; 8 characters of 31 take billions of guesses.
 */

/** Per account: 10 failed lookups free, then each one 1 s, 2 s, 4 s ... up to 15 minutes after the previous one. */
export const JOIN_CODE_ACCOUNT_RULE: BackoffRule = {
  free: 10,
  idleMs: 60 * 60 * 1000,
  capMs: 15 * 60 * 1000,
};
/** Per client address: 100 failed lookups in 15 minutes. */
export const JOIN_CODE_IP_RULE: WindowRule = { max: 100, windowMs: 15 * 60 * 1000 };

const accountKey = (userId: string) => `join-code-user:${userId}`;
const ipKey = (ip: string) => `join-code-ip:${ip}`;
const WHAT = 'Too many join codes that name no contest';

export interface CodeGuesser {
  userId: string;
  ip: string;
}

/** Looks a code up under the throttle: 429 RATE_LIMITED (with Retry-After) before any lookup once either counter is spent. */
export async function throttledCodeLookup<T>(
  db: Kysely<DB>,
  reply: FastifyReply,
  who: CodeGuesser,
  lookup: () => Promise<T | null>,
): Promise<T | null> {
  const now = Date.now();
  assertSlot(
    reply,
    await takeBackoffSlot(db, accountKey(who.userId), JOIN_CODE_ACCOUNT_RULE, now),
    WHAT,
  );
  const ip = await takeWindowSlot(db, ipKey(who.ip), JOIN_CODE_IP_RULE, now);
  if (!ip.ok) await releaseSlot(db, accountKey(who.userId));
  assertSlot(reply, ip, WHAT);
  const found = await lookup();
  // A code that names a contest is no guess: both slots go back.
  if (found !== null) {
    await releaseSlot(db, accountKey(who.userId));
    await releaseSlot(db, ipKey(who.ip));
  }
  return found;
}
