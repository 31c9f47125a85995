import { sharesToNumber, type OpenLimitInput } from '@papertrade/domain';
import type { AppContext } from '../../app-context.ts';
import type { RequestPortfolio } from '../auth/guard.ts';
import { openWorkingOrder } from '../trading/public.ts';
import { workingInput } from './alpaca-validated.ts';

/** The order's transaction as its context: the entry and its legs commit together or not at all. */
type Ctx = Pick<AppContext, 'db' | 'database'>;

/** The legs of a bracket or oto order, in our terms (take-profit limit, stop-loss stop). */
export interface EntryLegs {
  takeProfit?: { limitAsk: number };
  stopLoss?: { stopPrice: number };
}

/**
 * A bracket or oto whose entry is a market order (docs/decisions/031-alpaca-trading.md): the entry
 * has filled, in this same transaction, so its legs open at once for exactly the shares it got.
 * They are opened as the web opens them on held shares (an OCO pair for two legs, a limit or stop
 * sell for one), so the ledger reserves the shares as for any sell and there is no second money
 * path; then they are marked as the entry's legs (`parent_id` is the entry's transaction, `leg`
 * says which), which is how a bracket's legs are read back and listed inside their order. Legs
 * are GTC whatever the entry's time in force, as a filled bracket's are (decision 015).
 */
export async function openLegsOfMarketEntry(
  ctx: Ctx,
  portfolio: RequestPortfolio,
  symbol: string,
  transactionId: string,
  legs: EntryLegs,
): Promise<void> {
  const trx = ctx.db;
  const bought = await trx
    .selectFrom('transactions')
    .select('shares')
    .where('id', '=', transactionId)
    .executeTakeFirstOrThrow();
  const base = {
    type: 'SELL' as const,
    symbol,
    walletAddress: portfolio.walletAddress,
    sellAsk: sharesToNumber(BigInt(bought.shares)),
    timeInForce: 'GTC' as const,
  };
  const { takeProfit, stopLoss } = legs;
  let input: OpenLimitInput;
  if (takeProfit && stopLoss) input = { ...base, orderType: 'OCO', takeProfit, stopLoss };
  else if (takeProfit) input = { ...base, orderType: 'LIMIT', limitAsk: takeProfit.limitAsk };
  else if (stopLoss) input = { ...base, orderType: 'STOP', stopPrice: stopLoss.stopPrice };
  else return;
  const first = await openWorkingOrder(ctx, portfolio, workingInput(input));
  if (first.oco_group_id !== null) {
    // The pair's legs already say which they are (oco-legs.ts); they now belong to the entry.
    await trx
      .updateTable('limit_orders')
      .set({ parent_id: transactionId })
      .where('portfolio_id', '=', portfolio.id)
      .where('oco_group_id', '=', first.oco_group_id)
      .execute();
    return;
  }
  await trx
    .updateTable('limit_orders')
    .set({ parent_id: transactionId, leg: takeProfit ? 'TAKE_PROFIT' : 'STOP_LOSS' })
    .where('id', '=', first.id)
    .execute();
}
