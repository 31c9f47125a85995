import type { LeaderboardPeriod } from '@papertrade/domain';

/**
 * Every query key of the app, in one place (as bulletproof-react keeps them): a call's
 * queryOptions factory and every invalidation of it name the same key, so a renamed key cannot
 * leave an invalidation that silently matches nothing. Each group's `all` is the prefix that
 * invalidates every query of that group.
 */
export const queryKeys = {
  session: ['session'] as const,
  assets: ['assets'] as const,
  portfolios: ['portfolios'] as const,
  alerts: ['alerts'] as const,
  apiKeys: ['api-keys'] as const,
  lessons: {
    progress: ['lessons', 'progress'] as const,
    quiz: (slug: string) => ['lessons', 'quiz', slug] as const,
  },
  portfolioInsight: ['portfolio-insight'] as const,
  transactions: {
    all: ['transactions'] as const,
    pages: <F extends object>(filters: F) => ['transactions', 'pages', filters] as const,
    one: (id: string) => ['transactions', 'one', id] as const,
  },
  balanceHistory: {
    all: ['balance-history'] as const,
    range: (days: number | 'max') => ['balance-history', days] as const,
  },
  leaderboard: {
    all: ['leaderboard'] as const,
    pages: (period: LeaderboardPeriod) => ['leaderboard', 'pages', period] as const,
    me: (period: LeaderboardPeriod) => ['leaderboard', 'me', period] as const,
  },
  following: {
    all: ['following'] as const,
    of: (wallet: string) => ['following', wallet] as const,
  },
  userDetails: (wallet: string) => ['user-details', wallet.toLowerCase()] as const,
  publicProfile: (wallet: string) => ['public-profile', wallet.toLowerCase()] as const,
  candles: (assetId: string, interval: string) => ['candles', assetId, interval] as const,
  dayStats: (assetId: string) => ['day-stats', assetId] as const,
  /** A replay contest's book of the asset (its id), or the live book (null). */
  orderBook: (assetId: string, contestId: string | null) =>
    ['order-book', assetId, contestId] as const,
  mostTraded: (days: number) => ['explore', 'most-traded', days] as const,
  contests: {
    all: ['contests'] as const,
    lists: ['contests', 'list'] as const,
    list: (scope: string) => ['contests', 'list', scope] as const,
    one: (id: string) => ['contests', 'one', id] as const,
    code: (code: string) => ['contests', 'code', code] as const,
    members: (id: string) => ['contests', 'members', id] as const,
    member: (id: string, wallet: string) =>
      ['contests', 'member', id, wallet.toLowerCase()] as const,
    boards: ['contests', 'board'] as const,
    board: (id: string) => ['contests', 'board', id] as const,
    returns: (id: string) => ['contests', 'returns', id] as const,
    replay: (id: string) => ['contests', 'replay', id] as const,
    candles: (id: string, symbol: string, interval: string) =>
      ['contests', 'candles', id, symbol, interval] as const,
    allAssignments: ['contests', 'assignments'] as const,
    assignments: (id: string) => ['contests', 'assignments', id] as const,
    quizResults: (id: string) => ['contests', 'quiz-results', id] as const,
  },
};

/**
 * The lists of the shown portfolio whose keys do not name its wallet: after a switch another
 * portfolio's entries would be wrong, so they are dropped rather than shown stale.
 */
export const portfolioScopedKeys = [
  queryKeys.transactions.all,
  queryKeys.balanceHistory.all,
  queryKeys.portfolioInsight,
] as const;
