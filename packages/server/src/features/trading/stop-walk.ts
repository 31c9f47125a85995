import {
  budgetWithFee,
  withoutShares,
  walkBook,
  type BookLevel,
  type CostRule,
  type OrderSide,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';
import type { Trx } from '../../db/transaction.ts';
import {
  fullBookOf,
  loadBookState,
  recordTake,
  type BookState,
} from '../../market/order-book-store.ts';
import { consumeBook } from '@papertrade/domain';
import type { ClaimedOrder } from './fill-plan.ts';
import { costsOf } from './trading-costs.ts';

/** A price in 1e-8 USD from cents and 1e-8 shares: cents x 1e6 x 1e8 / shares. */
const PER_SHARE = 10n ** 14n;

export interface StopWalk {
  /** Each walked order's price before spread: the average of the levels it took. */
  prices: Map<string, PriceUnits>;
  state: BookState;
}

/**
 * Triggered stops are market orders (decision 012), so they walk the simulated book as one
 * (docs/decisions/040-partial-fills.md, decision 029): in the batch's order, each takes the
 * levels the orders before it left, a buy as far as its cash (less the fee) reaches, a sell its
 * shares, and fills at the average price of what it took; a side the order empties fills the
 * rest at that average too. Orders of `ideal` portfolios fill at the tick's price and take
 * nothing. Null when the asset has no book (not in the assets table).
 */
export async function walkStops(
  trx: Trx,
  input: { symbol: string; side: OrderSide; at: number; seed: string },
  claimed: readonly ClaimedOrder[],
  costs: ReadonlyMap<string, CostRule>,
  ideal: ReadonlySet<string>,
): Promise<StopWalk | null> {
  const state = await loadBookState(trx, `${input.symbol.toLowerCase()}usd`, input.seed);
  if (!state) return null;
  const book = consumeBook(fullBookOf(state.input), state.consumed, input.at);
  let levels: BookLevel[] = input.side === 'PURCHASE' ? book.asks : book.bids;
  const bookSide = input.side === 'PURCHASE' ? 'ask' : 'bid';
  const prices = new Map<string, PriceUnits>();
  for (const o of claimed) {
    if (ideal.has(o.portfolio_id)) continue;
    const rule = costsOf(costs, o.portfolio_id);
    const want =
      input.side === 'PURCHASE'
        ? { cents: budgetWithFee(rule.fee, BigInt(o.purchase_cents ?? 0n)) }
        : { shares: BigInt(o.sell_shares ?? 0n) };
    const walk = walkBook(levels, want, { side: bookSide });
    if (walk.shares <= 0n) continue;
    const average =
      input.side === 'PURCHASE'
        ? (walk.cents * PER_SHARE + walk.shares - 1n) / walk.shares
        : (walk.cents * PER_SHARE) / walk.shares;
    if (average > 0n) prices.set(o.id, average);
    levels = withoutShares(levels, walk.shares);
  }
  return { prices, state };
}

/** What the walked stops took, recorded in their transaction as the order's last lock (decision 029). */
export async function recordStopTakes(
  trx: Trx,
  walk: StopWalk,
  side: OrderSide,
  taken: ShareUnits,
  at: number,
  isPostgres: boolean,
): Promise<void> {
  if (taken <= 0n) return;
  await recordTake(
    trx,
    walk.state.input,
    { side: side === 'PURCHASE' ? 'ask' : 'bid', taken, now: at },
    isPostgres,
  );
}
