/**
 * What other features may use of trading: the order functions the web's routes call, so the
 * interface for programs (alpaca-trading/, docs/decisions/031-alpaca-trading.md) places, changes
 * and cancels orders through the same money path. Everything else in trading/ is private to it.
 */
export { cancelWorkingOrder, openWorkingOrder } from './limit-orders.ts';
export { marketBuy, marketSell } from './market-orders.ts';
export { modifyWorkingOrder } from './modify-order.ts';
