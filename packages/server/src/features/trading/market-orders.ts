import {
  BoundsError,
  centsFromNumber,
  feeCents,
  fillPrice,
  MAX_CASH_CENTS,
  MAX_HOLDING_UNITS,
  quoteMarketBuy,
  quoteMarketSell,
  sharesFromNumber,
  USD_DECIMALS_MESSAGE,
  type MarketOrderBody,
  type OrderAmount,
  type CostRule,
  type PriceUnits,
} from '@papertrade/domain';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { newId } from '../../db/new-id.ts';
import type { TransactionsTable } from '../../db/schema.ts';
import { badRequest } from '../../http/app-error.ts';
import { inTransaction, type Trx } from '../../db/transaction.ts';
import { checkPositionLimit, type ClassRules, type TradingPortfolio } from '../contests/public.ts';
import type { ConsumedLots } from '../../ledger/consume-lots.ts';
import { balanceLimit, consumeLots } from '../../ledger/ledger.ts';
import {
  lockForOrder,
  type MarketTransaction,
  type OrderLock,
  writeBuy,
  writeSell,
} from '../../ledger/market-moves.ts';
import { insufficientFundsText, insufficientSharesText } from '../../ledger/money-text.ts';
import type { MoneyChange } from '../../users/money-record.ts';
import { costRuleFor, mainCosts } from './trading-costs.ts';

export type TransactionRow = Selectable<TransactionsTable>;

/** A market order's record and what it did to its portfolio's money (users/money-record.ts). */
export interface MarketFill {
  transaction: TransactionRow;
  change: MoneyChange;
}
type Ctx = Pick<AppContext, 'db' | 'database'> & Partial<Pick<AppContext, 'orderGroups'>>;

/** The order's transaction: its own, or a share of the app's group commit (db/group-commit.ts). */
function inOrderTransaction<T>(
  ctx: Ctx,
  portfolioId: string,
  work: (trx: Trx) => Promise<T>,
): Promise<T> {
  return ctx.orderGroups && !ctx.db.isTransaction
    ? ctx.orderGroups.run(portfolioId, work)
    : inTransaction(ctx.db, work);
}

/** The order's amount in exact units; USD must be whole cents, shares whole 1e-8 units. */
export function orderAmount(body: Pick<MarketOrderBody, 'assetAmount' | 'unit'>): OrderAmount {
  if (body.unit === 'USD') {
    const cents = centsFromNumber(body.assetAmount);
    if (cents === null || cents <= 0n) {
      throw badRequest('VALIDATION_ERROR', USD_DECIMALS_MESSAGE, 'assetAmount');
    }
    return { unit: 'USD', cents };
  }
  const shares = sharesFromNumber(body.assetAmount);
  if (shares === null || shares <= 0n) {
    throw badRequest('VALIDATION_ERROR', 'A share amount has at most 8 decimals', 'assetAmount');
  }
  return { unit: 'SYMBOL', shares };
}

/** The current price, read inside the order's transaction so the fill uses the latest tick. */
export async function currentPrice(trx: Trx, symbol: string): Promise<PriceUnits> {
  const asset = await trx
    .selectFrom('assets')
    .select(['price'])
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  if (!asset) throw badRequest('UNKNOWN_SYMBOL', `Unknown asset ${symbol}`, 'symbol');
  return BigInt(asset.price);
}

/** A quote of the domain's, its bounds errors answered as 400 on the order's `field`. */
export function boundedQuote<T>(quote: () => T, field: string): T {
  try {
    return quote();
  } catch (error) {
    if (error instanceof BoundsError) throw badRequest(error.code, error.message, field);
    throw error;
  }
}

const tooSmall = () =>
  badRequest(
    'AMOUNT_TOO_SMALL',
    'The amount is too small to trade at the current price',
    'assetAmount',
  );

/**
 * A market order's cost rule, read under its portfolio's lock: a contest's rules (one more
 * statement, contest-rules.ts) or the owner's settings, which the lock returned.
 */
async function ruleOf(
  trx: Trx,
  portfolio: TradingPortfolio,
  lock: OrderLock,
  body: MarketOrderBody,
  now: number,
): Promise<CostRule & { classRules?: ClassRules | null }> {
  const { symbol, note } = body;
  return portfolio.contestId
    ? costRuleFor(trx, portfolio, { symbol, orderType: 'MARKET', note, placing: true }, now)
    : mainCosts(lock.settings);
}

function priceOf(lock: OrderLock, symbol: string): PriceUnits {
  if (lock.price === null) throw badRequest('UNKNOWN_SYMBOL', `Unknown asset ${symbol}`, 'symbol');
  return lock.price;
}

/** A blank note is no note (the contract trims it). */
export const noteOf = (body: { note?: string | undefined }): string | null => body.note || null;

const asRow = (t: MarketTransaction): TransactionRow => ({
  ...t,
  created_at: BigInt(t.created_at),
  method: 'MARKET',
  position_id: null,
  trigger_type: null,
  trigger_price: null,
  trigger_reason: null,
});

/**
 * A market buy, all or nothing, in one transaction, at the price plus half the spread; the fee
 * (a contest's, or the main portfolio's settings) is paid on top of the cost (decision 013).
 * Its statements (docs/decisions/022-lean-order-path.md): the lock, which returns the price, the
 * settings and the holding; the cash; the holding; the lot; the lot totals; the transaction.
 */
export async function marketBuy(
  ctx: Ctx,
  portfolio: TradingPortfolio,
  body: MarketOrderBody,
): Promise<MarketFill> {
  const amount = orderAmount(body);
  const portfolioId = portfolio.id;
  const { symbol } = body;
  return inOrderTransaction(ctx, portfolioId, async (trx) => {
    const now = Date.now();
    const lock = await lockForOrder(trx, portfolioId, symbol);
    const rule = await ruleOf(trx, portfolio, lock, body, now);
    const price = fillPrice('PURCHASE', priceOf(lock, symbol), rule.spreadBps);
    const fill = boundedQuote(() => quoteMarketBuy(amount, price), 'assetAmount');
    if (fill.shares <= 0n || fill.totalCents <= 0n) throw tooSmall();
    const fee = feeCents(rule.fee, fill.totalCents);
    const cost = fill.totalCents + fee;
    if (lock.cashCents < cost) {
      throw badRequest(
        'INSUFFICIENT_FUNDS',
        insufficientFundsText(cost, lock.cashCents),
        'assetAmount',
      );
    }
    if (rule.classRules) {
      const order = { symbol, addCents: fill.totalCents, feeCents: fee, field: 'assetAmount' };
      await checkPositionLimit(trx, portfolioId, rule.classRules, order);
    }
    if (lock.freeShares + fill.shares > MAX_HOLDING_UNITS) {
      throw badRequest(
        'AMOUNT_TOO_LARGE',
        'You can hold at most 10,000,000,000 shares of one asset',
        'assetAmount',
      );
    }
    const row: MarketTransaction = {
      id: newId(now),
      portfolio_id: portfolioId,
      epoch: lock.epoch,
      type: 'PURCHASE',
      symbol,
      shares: fill.shares,
      total_cents: fill.totalCents,
      price,
      fee_cents: fee,
      created_at: now,
      note: noteOf(body),
    };
    const totals = await writeBuy(trx, {
      portfolioId,
      symbol,
      cents: cost,
      held: lock.freeShares,
      lot: { id: row.id, portfolioId, symbol, shares: fill.shares, price, at: now },
      totals: lock.lotTotals,
      transaction: row,
    });
    const change: MoneyChange = {
      version: Number(lock.version),
      cashCents: lock.cashCents - cost,
      symbol,
      freeShares: lock.freeShares + fill.shares,
      totals,
      bought: { id: row.id, price },
    };
    return { transaction: asRow(row), change };
  });
}

/**
 * A market sell of free shares (reserved ones stay on their orders), in one transaction, at the
 * price minus half the spread; the fee comes out of the proceeds. Its statements: the lock (as a
 * buy's), the holding, the oldest lots read and consumed, the lot totals, the cash, the transaction.
 */
export async function marketSell(
  ctx: Ctx,
  portfolio: TradingPortfolio,
  body: MarketOrderBody,
): Promise<MarketFill> {
  const amount = orderAmount(body);
  const portfolioId = portfolio.id;
  const { symbol } = body;
  return inOrderTransaction(ctx, portfolioId, async (trx) => {
    const now = Date.now();
    const lock = await lockForOrder(trx, portfolioId, symbol, { lots: true });
    const rule = await ruleOf(trx, portfolio, lock, body, now);
    const price = fillPrice('SELL', priceOf(lock, symbol), rule.spreadBps);
    const fill = boundedQuote(() => quoteMarketSell(amount, price), 'assetAmount');
    if (fill.shares <= 0n || fill.totalCents <= 0n) throw tooSmall();
    const fee = feeCents(rule.fee, fill.totalCents);
    const proceeds = fill.totalCents - fee;
    if (lock.freeShares < fill.shares) {
      throw badRequest(
        'INSUFFICIENT_SHARES',
        insufficientSharesText(symbol, lock.freeShares, fill.shares),
        'assetAmount',
      );
    }
    if (lock.cashCents + proceeds > MAX_CASH_CENTS) throw balanceLimit('assetAmount');
    const row: MarketTransaction = {
      id: newId(now),
      portfolio_id: portfolioId,
      epoch: lock.epoch,
      type: 'SELL',
      symbol,
      shares: fill.shares,
      total_cents: fill.totalCents,
      price,
      fee_cents: fee,
      created_at: now,
      note: noteOf(body),
    };
    const freeLeft = await writeSell(trx, {
      portfolioId,
      symbol,
      cents: proceeds,
      held: lock.freeShares,
      shares: fill.shares,
      transaction: row,
    });
    const consumed: ConsumedLots = { emptied: [], taken: new Map() };
    await consumeLots(
      trx,
      symbol,
      new Map([[portfolioId, fill.shares]]),
      new Map([[portfolioId, lock.lotTotals]]),
      lock.firstLots && new Map([[portfolioId, lock.firstLots]]),
      {
        report: consumed,
        freeTaken: freeLeft
          ? new Map([[portfolioId, { before: lock.freeShares, taken: freeLeft }]])
          : undefined,
      },
    );
    const taken = consumed.taken.get(portfolioId) ?? { shares: 0n, cost: 0n };
    const change: MoneyChange = {
      version: Number(lock.version),
      cashCents: lock.cashCents + proceeds,
      symbol,
      freeShares: lock.freeShares - fill.shares,
      totals: {
        shares: lock.lotTotals.shares + taken.shares,
        cost: lock.lotTotals.cost + taken.cost,
      },
      emptied: consumed.emptied,
    };
    return { transaction: asRow(row), change };
  });
}
