import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe. Only its SHA-256 is stored, so a database leak reveals no token. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
