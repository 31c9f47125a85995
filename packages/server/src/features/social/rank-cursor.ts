import { decodeCursor, encodeCursor, isShortText } from './page-cursor.ts';
import type { RankKey } from './ranking.ts';

/** The total travels as a decimal string: it is a bigint and may exceed 2^53. */
export const encodeRankCursor = (key: RankKey): string => encodeCursor([key.totalCents.toString(), key.createdAt, key.id]);

export function decodeRankCursor(cursor: string | undefined): RankKey | undefined {
  return decodeCursor(cursor, ([total, createdAt, id, ...rest]) =>
    typeof total === 'string' && /^-?\d{1,30}$/.test(total) && Number.isSafeInteger(createdAt) && isShortText(id) && rest.length === 0
      ? { totalCents: BigInt(total), createdAt: createdAt as number, id }
      : undefined,
  );
}
