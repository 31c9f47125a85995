import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error.ts';

/** The one answer for text the database cannot hold, whether this check or PostgreSQL finds it. */
export const invalidText = () =>
  badRequest('INVALID_TEXT', 'The request contains a character that text cannot hold');

/**
 * True when a string or object key anywhere in the value holds a NUL, the one character a
 * JavaScript string can carry that PostgreSQL's text cannot (SQLite stores it, so only one of the
 * two databases would fail). Walked with a stack: a parsed body can nest thousands deep.
 */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      pending.push(...(next as unknown[]));
    } else if (typeof next === 'object' && next !== null && !Buffer.isBuffer(next)) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * Every route's path parameters, query and parsed body are checked once, before its schema and
 * handler run, so no field can forget it: a NUL answers `400 INVALID_TEXT` on both databases
 * instead of reaching PostgreSQL (an error, or a background job's error-level log after a 202).
 * The error handler keeps PostgreSQL's own refusal as a backstop for text from anywhere else.
 */
export function registerTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      throw invalidText();
  });
}
