/**
 * What other features may use of auth, besides its request guards (guard.ts): the account
 * routes re-check a password, clear the session cookie and the login limits, and map a taken
 * e-mail or username; the contests' join-code throttle counts failed guesses with the login
 * limits' counters; API keys hash their secrets as session tokens are. Everything else in auth/ is private to it (eslint.config.js enforces this).
 */
export { reauthKey } from './login-throttle.ts';
export {
  assertSlot,
  clearLimit,
  releaseSlot,
  takeBackoffSlot,
  takeWindowSlot,
  type BackoffRule,
  type WindowRule,
} from './rate-limit.ts';
export { reauthenticate } from './reauthenticate.ts';
export { clearSessionCookie } from './session-cookie.ts';
export { hashToken, newToken } from './tokens.ts';
export type { SessionUser } from './sessions.ts';
export { uniqueViolation } from './unique-violation.ts';
