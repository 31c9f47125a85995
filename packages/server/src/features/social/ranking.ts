import {
  centsToNumber,
  compareReturnsDescending,
  periodStanding,
  periodStart,
  returnPercentOf,
  type ExactReturn,
  type LeaderboardEntry,
  type LeaderboardPeriod,
} from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  loadAllTotalBalances,
  type PortfolioTotalBalance,
} from '../../users/all-total-balances.ts';
import { loadPeriodBaselines } from './period-baselines.ts';

/**
 * The sort key of a leaderboard row (fair-rank.ts in the domain): ranked rows first, by return
 * over the period, then higher total balance, then earlier sign-up, then id; rows of a portfolio
 * reset inside the period after them, by total balance.
 */
export interface RankKey extends ExactReturn {
  ranked: boolean;
  totalCents: bigint;
  createdAt: number;
  id: string;
}

export function compareRank(a: RankKey, b: RankKey): number {
  if (a.ranked !== b.ranked) return a.ranked ? -1 : 1;
  if (a.ranked) {
    const byReturn = compareReturnsDescending(a, b);
    if (byReturn !== 0) return byReturn;
  }
  if (a.totalCents !== b.totalCents) return a.totalCents > b.totalCents ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface RankedUser extends PortfolioTotalBalance, RankKey {
  since: number;
  /** Set only on rows that are not ranked: the reset inside the period. */
  rankResetAt: number | null;
}

export interface Ranking {
  period: LeaderboardPeriod;
  /** Ranked rows first, best first (a ranked row's rank is its index + 1), then the unranked. */
  users: RankedUser[];
  indexById: Map<string, number>;
}

export function toLeaderboardEntry(ranking: Ranking, index: number): LeaderboardEntry {
  const u = ranking.users[index] as RankedUser;
  return {
    rank: u.ranked ? index + 1 : null,
    walletAddress: u.walletAddress,
    username: u.username,
    avatar: u.avatar,
    totalBalance: centsToNumber(u.totalCents),
    returnPercentage: u.ranked ? returnPercentOf(u) : 0,
    period: ranking.period,
    since: u.since,
    resetAt: u.rankResetAt,
  };
}

/** The index of the first user ranked strictly after `key` (binary search; the key's user may be gone). */
export function indexAfter(ranking: Ranking, key: RankKey): number {
  let lo = 0;
  let hi = ranking.users.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareRank(ranking.users[mid] as RankedUser, key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Every user placed for one period, from their totals now (`totals`, when the caller already has
 * them) and their balances at its start.
 */
export async function computeRanking(
  db: Kysely<DB>,
  period: LeaderboardPeriod,
  now = Date.now(),
  totals: Promise<PortfolioTotalBalance[]> = loadAllTotalBalances(db),
): Promise<Ranking> {
  const start = periodStart(period, now);
  const [allTotals, baselines] = await Promise.all([
    totals,
    start === null ? new Map<string, bigint>() : loadPeriodBaselines(db, start),
  ]);
  // The global board ranks main portfolios; contest portfolios have their contests' boards.
  const users = allTotals
    .filter((u) => u.kind === 'MAIN')
    .map((u): RankedUser => {
      const standing = periodStanding(
        { ...u, baselineCents: baselines.get(u.id) ?? null },
        period,
        now,
      );
      return standing.ranked
        ? { ...u, ranked: true, ...standing.result, since: standing.since, rankResetAt: null }
        : {
            ...u,
            ranked: false,
            gainCents: 0n,
            baseCents: 1n,
            since: standing.since,
            rankResetAt: standing.resetAt,
          };
    });
  users.sort(compareRank);
  return { period, users, indexById: new Map(users.map((u, i) => [u.id, i])) };
}

export interface RankingCache {
  get(period: LeaderboardPeriod): Promise<Ranking>;
  /** Drops the cached rankings so the next get() computes fresh ones. */
  invalidate(): void;
}

/**
 * A board ranks every user by a return that moves with every tick, so no stored column can be
 * ranked by an index; and a total cannot be computed in SQL exactly (shares x price overflows
 * 64-bit integers, see all-total-balances.ts). So each period's ranking is computed in JS and
 * kept for `ttlMs`: every page and every /leaderboard/me in that window is a binary search over
 * one sorted array, and concurrent requests share one computation. The price of it: a trade
 * shows on the board up to `ttlMs` later.
 */
export function createRankingCache(db: Kysely<DB>, ttlMs = 5_000): RankingCache {
  const cached = new Map<LeaderboardPeriod, { at: number; ranking: Promise<Ranking> }>();
  // The periods differ only in their baselines: one valuation of every user serves all three.
  let totals: { at: number; value: Promise<PortfolioTotalBalance[]> } | undefined;
  const currentTotals = (now: number) => {
    if (!totals || now - totals.at >= ttlMs) {
      const entry = { at: now, value: loadAllTotalBalances(db) };
      totals = entry;
      entry.value.catch(() => {
        if (totals === entry) totals = undefined;
      });
    }
    return totals;
  };
  return {
    get(period) {
      const now = Date.now();
      const hit = cached.get(period);
      if (hit && now - hit.at < ttlMs) return hit.ranking;
      // Dated by the totals it is made of, so no board shows totals older than `ttlMs`.
      const base = currentTotals(now);
      const entry = { at: base.at, ranking: computeRanking(db, period, now, base.value) };
      cached.set(period, entry);
      entry.ranking.catch(() => {
        if (cached.get(period) === entry) cached.delete(period);
      });
      return entry.ranking;
    },
    invalidate() {
      cached.clear();
      totals = undefined;
    },
  };
}
