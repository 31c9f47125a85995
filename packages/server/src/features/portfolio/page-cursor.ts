import { badRequest } from '../../http/app-error.ts';

/** A keyset position (the sort key of the last entry of a page) as an opaque URL-safe text. */
export function encodeCursor(createdAt: number, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export interface CursorKey {
  createdAt: number;
  id: string;
}

/** The key a cursor holds; a cursor this server did not make answers 400, not 500. */
export function decodeCursor(cursor: string | undefined): CursorKey | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [createdAt, id] = value as unknown[];
      if (Number.isSafeInteger(createdAt) && typeof id === 'string' && id.length <= 64) {
        return { createdAt: createdAt as number, id };
      }
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw badRequest(
    'INVALID_CURSOR',
    'That page cursor is not valid; start again from the first page',
    'cursor',
  );
}
