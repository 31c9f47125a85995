/**
 * Which unique column of `users` a failed insert or update ran into, read from the driver's
 * error: better-sqlite3 says "UNIQUE constraint failed: users.email", PostgreSQL gives code
 * 23505 with the constraint name (users_email_key). Lets a race that slipped past the
 * up-front check still answer the same 409 as the check would have.
 */
export function uniqueViolation(error: unknown): 'email' | 'username' | 'other' | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown };
  const isUnique =
    e.code === '23505' ||
    (typeof e.code === 'string' &&
      e.code.startsWith('SQLITE_CONSTRAINT') &&
      /UNIQUE|PRIMARY KEY/i.test(String(e.message)));
  if (!isUnique) return null;
  const text = [e.constraint, e.detail, e.message].filter((x) => typeof x === 'string').join(' ');
  if (/username_lower/.test(text)) return 'username';
  if (/\bemail\b|users_email_key/.test(text)) return 'email';
  return 'other';
}
