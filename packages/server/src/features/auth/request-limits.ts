import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addressHash, takeWindowSlot, type SlotAnswer, type WindowRule } from './rate-limit.ts';

/*
 * Limits on what a script could repeat to flood the leaderboard or someone's inbox
 * (docs/api.md "Auth"). Loose enough for a class of 40 signing up from one school address in a
 * few minutes, with room for typos and a second go; all fixed windows, taken before the work.
 */
const HOUR = 60 * 60 * 1000;
/** Sign-ups per IP and hour; SIGNUP_LIMIT_PER_IP changes it (benchmarks sign up hundreds). */
export const SIGN_UPS_PER_IP = 60;
export const FORGOT_PASSWORD_IP_RULE: WindowRule = { max: 30, windowMs: HOUR };
/** Reset mails to one address: enough to retry, too few to flood an inbox. */
export const RESET_MAIL_RULE: WindowRule = { max: 3, windowMs: 15 * 60 * 1000 };
/** Verification mails to one address (e-mail changes back and forth would otherwise spam it). */
export const VERIFY_MAIL_RULE: WindowRule = { max: 5, windowMs: HOUR };

export const takeSignUpSlot = (db: Kysely<DB>, ip: string, max: number): Promise<SlotAnswer> =>
  takeWindowSlot(db, `sign-up-ip:${ip}`, { max, windowMs: HOUR });

export const takeForgotPasswordSlot = (db: Kysely<DB>, ip: string) =>
  takeWindowSlot(db, `forgot-ip:${ip}`, FORGOT_PASSWORD_IP_RULE);

export const takeResetMailSlot = (db: Kysely<DB>, email: string) =>
  takeWindowSlot(db, `reset-mail:${addressHash(email)}`, RESET_MAIL_RULE);

export const takeVerifyMailSlot = (db: Kysely<DB>, email: string) =>
  takeWindowSlot(db, `verify-mail:${addressHash(email)}`, VERIFY_MAIL_RULE);
