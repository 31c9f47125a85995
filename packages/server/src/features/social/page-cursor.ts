import { badRequest } from '../../http/app-error.ts';

/** A keyset position (the sort key of a page's last row) as an opaque URL-safe text. */
export function encodeCursor(parts: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

const invalid = () =>
  badRequest(
    'INVALID_CURSOR',
    'That page cursor is not valid; start again from the first page',
    'cursor',
  );

/**
 * The parts of a cursor made by encodeCursor, checked by `valid`; anything else answers 400
 * INVALID_CURSOR rather than reaching a query.
 */
export function decodeCursor<T>(
  cursor: string | undefined,
  valid: (parts: unknown[]) => T | undefined,
): T | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const key = Array.isArray(parts) ? valid(parts) : undefined;
  if (key === undefined) throw invalid();
  return key;
}

export const isShortText = (v: unknown): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= 64;
