/**
 * What other features may use of contests: trading checks a contest portfolio's rules (allowed
 * assets and order types, its fee, a class's rules) when an order is placed or costed. Everything
 * else in contests/ is private to it (eslint.config.js enforces this).
 */
export {
  contestRulesFor,
  type ContestOrderRules,
  type RuledOrder,
  type TradingPortfolio,
} from './contest-rules.ts';
export { checkPositionLimit, type ClassRules } from './class-rules.ts';
