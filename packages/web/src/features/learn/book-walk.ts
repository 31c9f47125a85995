/**
 * Monero: the thinnest book of the simulated market (the smallest typical daily volume of the
 * server's asset catalog, docs/decisions/029-simulated-order-book.md), so a large order walks
 * many levels.
 */
export const BOOK_WALK_SYMBOL = 'XMR';

/** Big enough to walk many levels of a thin book, small enough for a fresh $100,000 account. */
export const BOOK_WALK_USD = 20_000;
/** Below this there is too little cash for the order to show anything. */
const MIN_USD = 100;

/**
 * What the Try it buys, in whole dollars: BOOK_WALK_USD, or nine tenths of the cash when there is
 * less (the rest leaves room for a fee); null when that is under $100.
 */
export function bookWalkAmount(balance: number): number | null {
  const amount = Math.min(BOOK_WALK_USD, Math.floor(balance * 0.9));
  return amount >= MIN_USD ? amount : null;
}
