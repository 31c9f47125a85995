import { formatExactPrice, formatShares, type Transaction } from '@papertrade/domain';
import { formatBps } from './order-book.ts';

type BookFill = Pick<
  Transaction,
  | 'purchaseSellAsk'
  | 'assetsPurchasedSold'
  | 'symbol'
  | 'midPrice'
  | 'slippageBps'
  | 'levels'
  | 'requestedShares'
>;

/** The wire's slippage (bps, maybe fractional) in lib/order-book.ts's hundredths, to print alike. */
const slippageText = (bps: number) => formatBps(BigInt(Math.round(bps * 100)));

/**
 * How a fill that walked the simulated book got its price (docs/decisions/029-simulated-order-book.md):
 * the mid when it executed, the average it paid or got, the slippage against the mid and how many
 * levels it took, and, when a slippage cap left part unfilled, how much of the order filled.
 * Shared by the trade's success dialog, the transaction page and the liquidity lesson's Try it, so
 * all three say it in the same words. Empty for a fill at one price (IDEAL, or from before the book).
 */
export function bookFillRows(tx: BookFill): [string, string][] {
  const rows: [string, string][] = [];
  if (tx.midPrice !== undefined) rows.push(['Mid price', `$${formatExactPrice(tx.midPrice)}`]);
  if (tx.levels !== undefined) {
    rows.push(['Average price', `$${formatExactPrice(tx.purchaseSellAsk)}`]);
    rows.push([
      'Levels taken',
      `${tx.levels} ${tx.levels === 1 ? 'price level' : 'price levels'} of the book`,
    ]);
  }
  if (tx.slippageBps !== undefined) rows.push(['Slippage', slippageText(tx.slippageBps)]);
  if (tx.requestedShares !== undefined)
    rows.push(['Filled', filledOfRequested(tx.assetsPurchasedSold, tx.requestedShares, tx.symbol)]);
  return rows;
}

/** "filled 0.5 of 2 BTC requested": a slippage cap stopped the order part way. */
export function filledOfRequested(filled: number, requested: number, symbol: string): string {
  return `filled ${formatShares(filled)} of ${formatShares(requested)} ${symbol} requested`;
}
