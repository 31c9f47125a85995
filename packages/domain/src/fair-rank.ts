import type { LeaderboardPeriod } from './contract/shapes.ts';
import type { Cents } from './money.ts';

/**
 * Fair rankings (docs/api.md, "Leaderboard"): a board ranks the return over a period, not the
 * total balance, so a bigger starting balance or a fresh reset cannot buy a rank; and a portfolio
 * reset inside the period is listed without a rank, so a reset can neither lift a rank nor erase
 * the losses before it.
 */

const DAY_MS = 86_400_000;
export const PERIOD_DAYS: Record<Exclude<LeaderboardPeriod, 'all'>, number> = {
  week: 7,
  month: 30,
};

/** The start of a period ending now; null for `all`, which starts at each portfolio's own epoch. */
export function periodStart(period: LeaderboardPeriod, now: number): number | null {
  return period === 'all' ? null : now - PERIOD_DAYS[period] * DAY_MS;
}

/** A return as an exact fraction: gainCents / baseCents (base > 0). */
export interface ExactReturn {
  gainCents: Cents;
  baseCents: Cents;
}

export interface RankInput {
  createdAt: number;
  /** When the current epoch began by a reset; null if never reset. */
  resetAt: number | null;
  /** The balance the current epoch started with. */
  startingCents: Cents;
  totalCents: Cents;
  /** The latest balance snapshot at or before the period's start, in the current epoch; null if none. */
  baselineCents: Cents | null;
}

export type PeriodStanding =
  | { ranked: true; since: number; result: ExactReturn }
  | { ranked: false; since: number; resetAt: number };

function exactReturn(totalCents: Cents, baseCents: Cents): ExactReturn {
  // Nothing to measure against (a portfolio worth nothing at the start): no gain, no loss.
  if (baseCents <= 0n) return { gainCents: 0n, baseCents: 1n };
  return { gainCents: totalCents - baseCents, baseCents };
}

/** Where a portfolio stands over a period: its return from the start of the period, or not ranked. */
export function periodStanding(
  input: RankInput,
  period: LeaderboardPeriod,
  now: number,
): PeriodStanding {
  const epochStart = input.resetAt ?? input.createdAt;
  const start = periodStart(period, now);
  if (start === null)
    return {
      ranked: true,
      since: epochStart,
      result: exactReturn(input.totalCents, input.startingCents),
    };
  if (input.resetAt !== null && input.resetAt > start)
    return { ranked: false, since: start, resetAt: input.resetAt };
  // Signed up inside the period: measured from the starting balance, like `all`.
  if (input.createdAt > start)
    return {
      ranked: true,
      since: input.createdAt,
      result: exactReturn(input.totalCents, input.startingCents),
    };
  // No snapshot before the start: nothing changed the balance between the epoch's start and then.
  return {
    ranked: true,
    since: start,
    result: exactReturn(input.totalCents, input.baselineCents ?? input.startingCents),
  };
}

/** Higher return first, compared exactly by cross-multiplying (bigints: no rounding, no overflow). */
export function compareReturnsDescending(a: ExactReturn, b: ExactReturn): number {
  const left = a.gainCents * b.baseCents;
  const right = b.gainCents * a.baseCents;
  return left === right ? 0 : left > right ? -1 : 1;
}

/** The return in percent, rounded to 2 decimals, for the wire. */
export function returnPercentOf(r: ExactReturn): number {
  // Scaled in bigint first so a huge gain keeps its digits before the one float division.
  const hundredthsOfPercent =
    (r.gainCents * 10_000n * 2n + (r.gainCents >= 0n ? r.baseCents : -r.baseCents)) /
    (2n * r.baseCents);
  return Number(hundredthsOfPercent) / 100;
}
