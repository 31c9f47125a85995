/**
 * What other features may use of portfolio: the balance history (the Alpaca interface's
 * portfolio history, docs/decisions/031-alpaca-trading.md) and the lots' cost in cents.
 * Everything else in portfolio/ is private to it.
 */
export { loadBalanceHistory } from './balance-history.ts';
export { costToCents } from './fifo-replay.ts';
