import { decodeCursor, encodeCursor, isShortText } from './page-cursor.ts';
import type { RankKey } from './ranking.ts';

const BIG = /^-?\d{1,40}$/;

/** Amounts travel as decimal strings: they are bigints and may exceed 2^53. */
export const encodeRankCursor = (key: RankKey): string =>
  encodeCursor([
    key.ranked ? 1 : 0,
    key.gainCents.toString(),
    key.baseCents.toString(),
    key.totalCents.toString(),
    key.createdAt,
    key.id,
  ]);

export function decodeRankCursor(cursor: string | undefined): RankKey | undefined {
  return decodeCursor(cursor, ([ranked, gain, base, total, createdAt, id, ...rest]) =>
    (ranked === 0 || ranked === 1) &&
    typeof gain === 'string' &&
    BIG.test(gain) &&
    typeof base === 'string' &&
    BIG.test(base) &&
    BigInt(base) > 0n &&
    typeof total === 'string' &&
    BIG.test(total) &&
    Number.isSafeInteger(createdAt) &&
    isShortText(id) &&
    rest.length === 0
      ? {
          ranked: ranked === 1,
          gainCents: BigInt(gain),
          baseCents: BigInt(base),
          totalCents: BigInt(total),
          createdAt: createdAt as number,
          id,
        }
      : undefined,
  );
}
