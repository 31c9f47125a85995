import {
  BoundsError,
  centsFromNumber,
  feeCents,
  fillPrice,
  quoteMarketBuy,
  quoteMarketSell,
  sharesFromNumber,
  USD_DECIMALS_MESSAGE,
  type Fill,
  type MarketOrderBody,
  type OrderAmount,
  type Cents,
  type CostRule,
  type PriceUnits,
} from '@papertrade/domain';
import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { newId } from '../../db/new-id.ts';
import type { TransactionsTable } from '../../db/schema.ts';
import { badRequest } from '../../http/app-error.ts';
import { inTransaction, lockPortfolio, type Trx } from '../../db/transaction.ts';
import type { TradingPortfolio } from '../contests/public.ts';
import {
  addFreeShares,
  consumeLots,
  creditCash,
  debitCash,
  insertLot,
  takeFreeShares,
} from '../../ledger/ledger.ts';
import { costRuleFor } from './trading-costs.ts';

export type TransactionRow = Selectable<TransactionsTable>;
type Ctx = Pick<AppContext, 'db' | 'database'>;

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

export async function insertTransaction(
  trx: Trx,
  row: Insertable<TransactionsTable>,
): Promise<TransactionRow> {
  await trx.insertInto('transactions').values(row).execute();
  return {
    ...row,
    epoch: BigInt(row.epoch),
    shares: BigInt(row.shares),
    total_cents: BigInt(row.total_cents),
    price: BigInt(row.price),
    position_id: row.position_id ?? null,
    fee_cents: BigInt(row.fee_cents ?? 0n),
    created_at: BigInt(row.created_at),
    trigger_type: null,
    trigger_price: null,
    trigger_reason: null,
  };
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

interface MarketFill {
  id: string;
  portfolioId: string;
  feeCents: Cents;
  epoch: bigint;
  type: 'PURCHASE' | 'SELL';
  symbol: string;
  fill: Fill;
  price: PriceUnits;
  at: number;
}

/** The transactions row of a market order's fill (a market fill belongs to no limit position). */
const marketFillRow = (m: MarketFill): Insertable<TransactionsTable> => ({
  id: m.id,
  portfolio_id: m.portfolioId,
  epoch: m.epoch,
  type: m.type,
  method: 'MARKET',
  symbol: m.symbol,
  shares: m.fill.shares,
  total_cents: m.fill.totalCents,
  price: m.price,
  position_id: null,
  fee_cents: m.feeCents,
  created_at: m.at,
});

/**
 * The order takes its portfolio's row lock (and so its version's increase) before reading the
 * rules, so a contest's end (which takes the same lock) is wholly before or wholly after it.
 */
async function rulesOf(
  trx: Trx,
  portfolio: TradingPortfolio,
  symbol: string,
  now: number,
): Promise<CostRule> {
  await lockPortfolio(trx, portfolio.id);
  return costRuleFor(trx, portfolio, { symbol, orderType: 'MARKET' }, now);
}

/**
 * A market buy, all or nothing, in one transaction, at the price plus half the spread; the fee
 * (a contest's, or the main portfolio's settings) is paid on top of the cost (decision 013).
 */
export async function marketBuy(
  ctx: Ctx,
  portfolio: TradingPortfolio,
  body: MarketOrderBody,
): Promise<TransactionRow> {
  const amount = orderAmount(body);
  const portfolioId = portfolio.id;
  return inTransaction(ctx.db, async (trx) => {
    const now = Date.now();
    const rule = await rulesOf(trx, portfolio, body.symbol, now);
    const price = fillPrice('PURCHASE', await currentPrice(trx, body.symbol), rule.spreadBps);
    const fill = boundedQuote(() => quoteMarketBuy(amount, price), 'assetAmount');
    if (fill.shares <= 0n || fill.totalCents <= 0n) throw tooSmall();
    const fee = feeCents(rule.fee, fill.totalCents);
    // The guarded debit is the first write, so it is also the portfolio's row lock (ledger.ts).
    const epoch = await debitCash(trx, portfolioId, fill.totalCents + fee);
    await addFreeShares(trx, portfolioId, body.symbol, fill.shares);
    const id = newId(now);
    await insertLot(trx, {
      id,
      portfolioId,
      symbol: body.symbol,
      shares: fill.shares,
      price,
      at: now,
    });
    return insertTransaction(
      trx,
      marketFillRow({
        id,
        portfolioId,
        feeCents: fee,
        epoch,
        type: 'PURCHASE',
        symbol: body.symbol,
        fill,
        price,
        at: now,
      }),
    );
  });
}

/** A market sell of free shares (reserved ones stay on their orders), in one transaction, at the price minus half the spread; the fee comes out of the proceeds. */
export async function marketSell(
  ctx: Ctx,
  portfolio: TradingPortfolio,
  body: MarketOrderBody,
): Promise<TransactionRow> {
  const amount = orderAmount(body);
  const portfolioId = portfolio.id;
  return inTransaction(ctx.db, async (trx) => {
    const now = Date.now();
    const { epoch } = await lockPortfolio(trx, portfolioId);
    const rule = await costRuleFor(
      trx,
      portfolio,
      { symbol: body.symbol, orderType: 'MARKET' },
      now,
    );
    const price = fillPrice('SELL', await currentPrice(trx, body.symbol), rule.spreadBps);
    const fill = boundedQuote(() => quoteMarketSell(amount, price), 'assetAmount');
    if (fill.shares <= 0n || fill.totalCents <= 0n) throw tooSmall();
    const fee = feeCents(rule.fee, fill.totalCents);
    await takeFreeShares(trx, portfolioId, body.symbol, fill.shares);
    await consumeLots(trx, body.symbol, new Map([[portfolioId, fill.shares]]));
    await creditCash(trx, portfolioId, fill.totalCents - fee);
    return insertTransaction(
      trx,
      marketFillRow({
        id: newId(now),
        portfolioId,
        feeCents: fee,
        epoch,
        type: 'SELL',
        symbol: body.symbol,
        fill,
        price,
        at: now,
      }),
    );
  });
}
