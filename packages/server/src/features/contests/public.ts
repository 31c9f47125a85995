/**
 * What other features may use of contests: trading checks a contest portfolio's rules (allowed
 * assets and order types, its fee, a class's rules) when an order is placed or costed. Everything
 * else in contests/ is private to it (eslint.config.js enforces this).
 */
export {
  contestPrice,
  contestQuote,
  contestSchedule,
  replayedAt,
  scheduledQuote,
  scheduleOf,
  type ReplayQuote,
  type ReplaySchedule,
} from './replay-price.ts';
/**
 * Class assignments (features/assignments/) read and lock a class's row and check who may see it;
 * the market's book route reads a replay's row for its book.
 */
export { assertCanSee, assertOwner, loadContestRow, lockContestRow } from './contest-access.ts';
export { parseList, type ContestRow } from './contest-record.ts';
export {
  contestRulesFor,
  type ContestOrderRules,
  type RuledOrder,
  type TradingPortfolio,
} from './contest-rules.ts';
export { checkPositionLimit, type ClassRules } from './class-rules.ts';
