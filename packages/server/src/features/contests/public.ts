/**
 * What other features may use of contests: trading checks a contest portfolio's rules (allowed
 * assets and order types, its fee) when an order is placed or costed. Everything else in
 * contests/ is private to it (eslint.config.js enforces this).
 */
export { contestRulesFor, type TradingPortfolio } from './contest-rules.ts';
export {
  contestPrice,
  contestSchedule,
  replayedAt,
  scheduledPrice,
  type ReplaySchedule,
} from './replay-price.ts';
/** Class assignments (features/assignments/) read and lock a class's row and check who may see it. */
export { assertCanSee, assertOwner, loadContestRow, lockContestRow } from './contest-access.ts';
export type { ContestRow } from './contest-record.ts';
