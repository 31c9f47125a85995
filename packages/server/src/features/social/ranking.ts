import { centsToNumber, type LeaderboardEntry } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { loadAllTotalBalances, type UserTotalBalance } from '../../users/all-total-balances.ts';
import { roundedReturnPercentage } from '../../users/public-profile.ts';

/** The sort key of a leaderboard row: total balance descending, then earlier sign-up, then id. */
export interface RankKey {
  totalCents: bigint;
  createdAt: number;
  id: string;
}

export function compareRank(a: RankKey, b: RankKey): number {
  if (a.totalCents !== b.totalCents) return a.totalCents > b.totalCents ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface Ranking {
  /** Best first; a user's rank is its index + 1. */
  users: UserTotalBalance[];
  indexById: Map<string, number>;
}

export function toLeaderboardEntry(ranking: Ranking, index: number): LeaderboardEntry {
  const u = ranking.users[index] as UserTotalBalance;
  return {
    rank: index + 1,
    walletAddress: u.walletAddress,
    username: u.username,
    avatar: u.avatar,
    totalBalance: centsToNumber(u.totalCents),
    returnPercentage: roundedReturnPercentage(u.totalCents, u.startingCents),
  };
}

/** The index of the first user ranked strictly after `key` (binary search; the key's user may be gone). */
export function indexAfter(ranking: Ranking, key: RankKey): number {
  let lo = 0;
  let hi = ranking.users.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareRank(ranking.users[mid] as UserTotalBalance, key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface RankingCache {
  get(): Promise<Ranking>;
  /** Drops the cached ranking so the next get() computes a fresh one. */
  invalidate(): void;
}

/**
 * The leaderboard is every user's total at current prices. Totals move with every tick, so no
 * stored column can be ranked by an index; and a total cannot be computed in SQL exactly
 * (shares x price overflows 64-bit integers, see all-total-balances.ts). So the whole ranking is
 * computed in JS from four queries and kept for `ttlMs`: every page and every /leaderboard/me in
 * that window is a binary search over one sorted array, and concurrent requests share one
 * computation. The price of it: a trade shows on the leaderboard up to `ttlMs` later.
 */
export function createRankingCache(db: Kysely<DB>, ttlMs = 5_000): RankingCache {
  let cached: { at: number; ranking: Promise<Ranking> } | undefined;
  const compute = async (): Promise<Ranking> => {
    const users = (await loadAllTotalBalances(db)).sort(compareRank);
    return { users, indexById: new Map(users.map((u, i) => [u.id, i])) };
  };
  return {
    get() {
      const now = Date.now();
      if (!cached || now - cached.at >= ttlMs) {
        const entry = { at: now, ranking: compute() };
        cached = entry;
        entry.ranking.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return cached.ranking;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
