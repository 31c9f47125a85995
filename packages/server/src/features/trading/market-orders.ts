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
  sharesForCents,
  sharesToRaiseCents,
  walkMarketOrder,
  type BookSide,
  type FillModel,
  type MarketOrderBody,
  type OrderAmount,
  type CostRule,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { newId } from '../../db/new-id.ts';
import type { DB, TransactionsTable } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import { inTransaction, isPostgres, type Trx } from '../../db/transaction.ts';
import {
  checkPositionLimit,
  contestPrice,
  contestQuote,
  type ClassRules,
  type ReplayQuote,
  type TradingPortfolio,
} from '../contests/public.ts';
import { planSale, type ConsumedLots } from '../../ledger/consume-lots.ts';
import { balanceLimit, consumeLots } from '../../ledger/ledger.ts';
import type { LotDelta } from '../../ledger/lot-totals.ts';
import {
  lockForOrder,
  type BuyWrites,
  type MarketTransaction,
  type OrderLock,
  type SellWrites,
  writeBuy,
  writeKeptSale,
  writeSell,
  writeSoldLots,
} from '../../ledger/market-moves.ts';
import {
  lotsAfterBuy,
  lotsAfterSale,
  lotsForSale,
  lotsFromLock,
  type KeptOrder,
  type OldestLots,
  type OrderLeft,
} from '../../ledger/order-inputs.ts';
import { insufficientFundsText, insufficientSharesText } from '../../ledger/money-text.ts';
import type { MoneyChange } from '../../users/money-record.ts';
import { walkedSideOf, type OrderBooks, type WalkedBook } from '../../market/order-books.ts';
import { costRuleFor, mainCosts, mainFillModel } from './trading-costs.ts';

export type TransactionRow = Selectable<TransactionsTable>;

/** A market order's record and what it did to its portfolio's money (users/money-record.ts). */
export interface MarketFill {
  transaction: TransactionRow;
  change: MoneyChange;
}
type Ctx = Pick<AppContext, 'db' | 'database'> &
  Partial<Pick<AppContext, 'orderGroups' | 'orderInputs' | 'orderBooks'>>;

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
): Promise<OrderRule> {
  const { symbol, note } = body;
  return portfolio.contestId
    ? costRuleFor(trx, portfolio, { symbol, orderType: 'MARKET', note, placing: true }, now)
    : mainRule(lock.settings);
}

/** A market order's costs and how it is priced (docs/decisions/039-book-fills-without-a-lock.md). */
type OrderRule = CostRule & { fillModel?: FillModel; classRules?: ClassRules | null };

/** A main portfolio's rule, from its owner's settings (which the lock or the guard checks). */
const mainRule = (settings: string | null): OrderRule => ({
  ...mainCosts(settings),
  fillModel: mainFillModel(settings),
});

/** What a fill took from the book, applied once the order is written (OrderBooks.take). */
interface BookTake {
  book: WalkedBook;
  side: BookSide;
  shares: ShareUnits;
}

/** How a market order fills: its shares, total and average price, and what the book says of it. */
interface Priced {
  shares: ShareUnits;
  totalCents: bigint;
  price: PriceUnits;
  book: Pick<MarketTransaction, 'mid_price' | 'levels' | 'requested_shares'>;
  take?: BookTake;
}

const noLiquidity = (symbol: string, capped: boolean) =>
  new AppError(
    409,
    'NO_LIQUIDITY',
    capped
      ? `No ${symbol} can be filled within your maximum slippage: the book's best price is already beyond it`
      : `The ${symbol} order book has nothing left on that side: try again when it refills`,
  );

/**
 * A market order's fill. IDEAL: the whole order at the price plus the portfolio's half-spread,
 * as before the book. BOOK: the order walks its side of the simulated book from the price (the
 * mid; with the live feed, the exchange's book from its own mid, market/fed-books.ts, which
 * answers 409 MARKET_STALE for a book missing or stale), so its price is the average of the levels it took; the book has its own spread, so the
 * portfolio's spread setting does not apply on top. What the book (or maxSlippageBps) cannot
 * fill is left unfilled and the record says how much was asked; nothing filled is 409
 * NO_LIQUIDITY. A symbol whose book inputs this instance has not read yet fills IDEAL. A member of
 * a replay contest (`replay`) walks that contest's book, made from the replayed candle.
 */
function priceOrder(
  books: OrderBooks | undefined,
  side: 'PURCHASE' | 'SELL',
  mid: PriceUnits,
  rule: OrderRule,
  amount: OrderAmount,
  body: MarketOrderBody,
  now: number,
  replay?: ContestReplay,
): Priced {
  const bookSide: BookSide = side === 'PURCHASE' ? 'ask' : 'bid';
  const model = rule.fillModel ?? books?.defaultModel ?? 'IDEAL';
  const found =
    model === 'BOOK' && books
      ? walkedSideOf(
          books,
          body.symbol,
          mid,
          bookSide,
          now,
          replay && { contestId: replay.contestId, candle: replay.quote.candle },
        )
      : null;
  const ideal = { mid_price: null, levels: null, requested_shares: null };
  if (!found) {
    const price = fillPrice(side, mid, rule.spreadBps);
    const quote = side === 'PURCHASE' ? quoteMarketBuy : quoteMarketSell;
    const fill = boundedQuote(() => quote(amount, price), 'assetAmount');
    return { shares: fill.shares, totalCents: fill.totalCents, price, book: ideal };
  }
  const bookMid = found.mid ?? mid;
  const walk = walkMarketOrder(side, found.levels, amount, bookMid, body.maxSlippageBps);
  if (walk.shares <= 0n) {
    if (walk.complete) throw tooSmall();
    throw noLiquidity(body.symbol, body.maxSlippageBps !== undefined);
  }
  const asked =
    amount.unit === 'SYMBOL'
      ? amount.shares
      : side === 'PURCHASE'
        ? sharesForCents(amount.cents, bookMid)
        : sharesToRaiseCents(amount.cents, bookMid);
  // The domain's bounds, as an IDEAL quote checks them (share and cash caps).
  boundedQuote(
    () => quoteMarketBuy({ unit: 'SYMBOL', shares: walk.shares }, walk.price),
    'assetAmount',
  );
  return {
    shares: walk.shares,
    totalCents: walk.totalCents,
    price: walk.price,
    book: {
      mid_price: bookMid,
      levels: BigInt(walk.levels),
      requested_shares: walk.complete ? null : asked,
    },
    take: { book: found, side: bookSide, shares: walk.shares },
  };
}

function priceOf(lock: OrderLock, symbol: string): PriceUnits {
  if (lock.price === null) throw badRequest('UNKNOWN_SYMBOL', `Unknown asset ${symbol}`, 'symbol');
  return lock.price;
}

/**
 * The price a portfolio's market order fills at before the spread: the lock's (the live price), with no
 * further statement; a contest that replays history answers its replayed price instead
 * (docs/decisions/034-replay-contests.md).
 */
export function portfolioPrice(
  trx: Trx,
  portfolio: TradingPortfolio,
  live: PriceUnits,
  symbol: string,
  now: number,
): PriceUnits | Promise<PriceUnits> {
  return portfolio.contestId ? contestPrice(trx, portfolio.contestId, symbol, now, live) : live;
}

/** A replay contest's order: the contest, and the replayed price and candle its book is made from. */
interface ContestReplay {
  contestId: string;
  quote: ReplayQuote;
}

/**
 * The lock with a contest's price (as portfolioPrice), and for a replay contest the candle its
 * book is made from, read in the same statement as the price; a main portfolio's lock as it is.
 */
async function pricedFor(
  trx: Trx,
  portfolio: TradingPortfolio,
  lock: OrderLock,
  symbol: string,
  now: number,
): Promise<{ lock: OrderLock; replay?: ContestReplay }> {
  const { contestId } = portfolio;
  if (!contestId) return { lock };
  const quote = await contestQuote(trx, contestId, symbol, now, priceOf(lock, symbol));
  return {
    lock: { ...lock, price: quote.price },
    ...(quote.replay && { replay: { contestId, quote: quote.replay } }),
  };
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

/** A committed order's fill, and what it left for the next order of its portfolio here. */
interface Done extends MarketFill {
  left: OrderLeft;
  /** What the fill took from the book, to apply once it is written. */
  take?: BookTake;
}

/**
 * The order's inputs as the last order of its portfolio here left them (ledger/order-inputs.ts):
 * only for a main portfolio (a contest's costs are read under the lock) and an order that runs
 * on its own, not inside a caller's transaction.
 */
function keptInputs(ctx: Ctx, portfolio: TradingPortfolio, symbol: string): KeptOrder | null {
  if (!ctx.orderInputs || portfolio.contestId || ctx.db.isTransaction) return null;
  return ctx.orderInputs.take(portfolio.id, symbol);
}

/**
 * Keeps what a committed order left, and answers its fill. Inside a caller's transaction the order
 * is not committed yet: what it left is not kept, since a rollback could leave the version it names
 * to another change.
 */
function committed(ctx: Ctx, portfolioId: string, done: Done): MarketFill {
  if (!ctx.db.isTransaction) ctx.orderInputs?.keep(portfolioId, done.left);
  // The book is consumed once the fill is written, from then on; inside a caller's transaction
  // too, since a rollback there is rare and costs only liquidity that refills.
  const { take } = done;
  if (take) ctx.orderBooks?.take(take.book, take.side, take.shares, Date.now());
  return { transaction: done.transaction, change: done.change };
}

/**
 * A kept order's fill decided from kept inputs refuses nothing itself: a refusal (funds, bounds)
 * is for the lock's current values to decide, so the order goes the locked way.
 */
function planned<T>(plan: () => T): T | null {
  try {
    return plan();
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** A buy decided under `lock` (read, or kept): its writes, or a refusal. */
function planBuy(
  books: OrderBooks | undefined,
  lock: OrderLock,
  rule: OrderRule,
  amount: OrderAmount,
  body: MarketOrderBody,
  now: number,
  replay?: ContestReplay,
): BuyWrites & { take?: BookTake } {
  const { symbol } = body;
  const portfolioId = lock.id;
  const fill = priceOrder(
    books,
    'PURCHASE',
    priceOf(lock, symbol),
    rule,
    amount,
    body,
    now,
    replay,
  );
  const { price } = fill;
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
    ...fill.book,
  };
  return {
    portfolioId,
    symbol,
    cents: cost,
    held: lock.freeShares,
    lot: { id: row.id, portfolioId, symbol, shares: fill.shares, price, at: now },
    totals: lock.lotTotals,
    transaction: row,
    take: fill.take,
  };
}

/** A buy's fill once written: its record, its change and what it left. */
function boughtFill(
  lock: OrderLock,
  w: BuyWrites & { take?: BookTake },
  totals: LotDelta,
  firstLots: OldestLots | undefined,
): Done {
  const { lot } = w;
  const cashCents = lock.cashCents - w.cents;
  const freeShares = lock.freeShares + lot.shares;
  return {
    take: w.take,
    transaction: asRow(w.transaction),
    change: {
      version: Number(lock.version),
      cashCents,
      symbol: w.symbol,
      freeShares,
      totals,
      bought: { id: lot.id, price: lot.price },
    },
    left: {
      lock,
      symbol: w.symbol,
      cashCents,
      freeShares,
      lotTotals: totals,
      firstLots: lotsAfterBuy(firstLots, {
        id: lot.id,
        portfolio_id: lot.portfolioId,
        shares: lot.shares,
        price: lot.price,
      }),
    },
  };
}

/**
 * Kept inputs at the price a missed guarded write saw moved (GuardMiss): the portfolio is as kept,
 * only the asset's price is new, so the order is decided again at it under the same version. The
 * price is noted for every portfolio's next order here.
 */
function repriced(ctx: Ctx, kept: KeptOrder, symbol: string, price: PriceUnits): KeptOrder {
  ctx.orderInputs?.notePrice(symbol, price);
  return { ...kept, lock: { ...kept.lock, price }, guard: { ...kept.guard, price } };
}

/**
 * A buy from kept inputs with its guarded writes; null when the portfolio changed meanwhile.
 * When only the price moved under it (a tick between its decision and its write), it is decided
 * again at the new price and written once more, rather than taking the lock.
 */
async function keptBuy(
  ctx: Ctx,
  db: Kysely<DB>,
  kept: KeptOrder,
  amount: OrderAmount,
  body: MarketOrderBody,
  again = true,
): Promise<Done | null> {
  const w = planned(() =>
    planBuy(ctx.orderBooks, kept.lock, mainRule(kept.lock.settings), amount, body, Date.now()),
  );
  if (!w) return null;
  const totals = await writeBuy(db, w, kept.guard);
  if (!('missed' in totals)) return boughtFill(kept.lock, w, totals, kept.firstLots);
  return again && totals.price !== undefined
    ? keptBuy(ctx, db, repriced(ctx, kept, body.symbol, totals.price), amount, body, false)
    : null;
}

/**
 * A market buy, all or nothing, at the price plus half the spread; the fee (a contest's, or the
 * main portfolio's settings) is paid on top of the cost (decision 013). Its statements
 * (docs/decisions/022-lean-order-path.md): the lock, which returns the price, the settings and
 * the holding; the cash; the lot; the lot totals with the free shares; the transaction. An order
 * whose inputs this instance kept skips the lock (docs/decisions/038-orders-without-a-lock-read.md):
 * on PostgreSQL its writes are then one statement outside any transaction.
 */
export async function marketBuy(
  ctx: Ctx,
  portfolio: TradingPortfolio,
  body: MarketOrderBody,
): Promise<MarketFill> {
  const amount = orderAmount(body);
  const portfolioId = portfolio.id;
  const { symbol } = body;
  const kept = keptInputs(ctx, portfolio, symbol);
  const postgres = isPostgres(ctx.db);
  const alone = kept && postgres ? await keptBuy(ctx, ctx.db, kept, amount, body) : null;
  if (alone) return committed(ctx, portfolioId, alone);
  const done = await inOrderTransaction(ctx, portfolioId, async (trx) => {
    const quick = kept && !postgres ? await keptBuy(ctx, trx, kept, amount, body) : null;
    if (quick) return quick;
    const now = Date.now();
    const { lock, replay } = await pricedFor(
      trx,
      portfolio,
      await lockForOrder(trx, portfolioId, symbol),
      symbol,
      now,
    );
    const rule = await ruleOf(trx, portfolio, lock, body, now);
    const w = planBuy(ctx.orderBooks, lock, rule, amount, body, now, replay);
    if (rule.classRules) {
      const t = w.transaction;
      const order = {
        symbol,
        addCents: t.total_cents,
        feeCents: t.fee_cents,
        field: 'assetAmount',
      };
      await checkPositionLimit(trx, portfolioId, rule.classRules, order);
    }
    const totals = await writeBuy(trx, w);
    if ('missed' in totals) throw new Error('an unguarded buy wrote nothing');
    // A lock at the version the kept inputs would have given finds the portfolio as kept: only
    // the price or the settings had moved, so the kept oldest lots are still its oldest lots.
    const same = kept && lock.version === kept.lock.version;
    return boughtFill(lock, w, totals, same ? kept.firstLots : undefined);
  });
  return committed(ctx, portfolioId, done);
}

/** A sale decided under `lock` (read, or kept): its writes besides the lots, or a refusal. */
function planSell(
  books: OrderBooks | undefined,
  lock: OrderLock,
  rule: OrderRule,
  amount: OrderAmount,
  body: MarketOrderBody,
  now: number,
  replay?: ContestReplay,
): SellWrites & { take?: BookTake } {
  const { symbol } = body;
  const portfolioId = lock.id;
  const fill = priceOrder(books, 'SELL', priceOf(lock, symbol), rule, amount, body, now, replay);
  const { price } = fill;
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
  return {
    portfolioId,
    symbol,
    cents: proceeds,
    held: lock.freeShares,
    shares: fill.shares,
    transaction: {
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
      ...fill.book,
    },
    take: fill.take,
  };
}

/**
 * A sale's lots, once its cash and record are written (writeSell): consumed oldest first, the
 * lot totals down by what they held and, on SQLite, the free shares with them. `firstLots`: the
 * oldest lots known under the lock or kept; they spare reading them when they are enough.
 */
async function sellLots(
  trx: Trx,
  lock: OrderLock,
  w: SellWrites,
  freeLeft: ShareUnits,
  firstLots: OldestLots | undefined,
): Promise<Done> {
  const { portfolioId, symbol } = w;
  const given = lotsForSale(firstLots, w.shares);
  // On SQLite (its free shares go with the lot totals) known lots are written as planSale
  // decides, in statements compiled once; otherwise consumeLots reads and writes them.
  const plan = given && freeLeft === w.shares ? planSale(given, w.shares) : null;
  if (plan) {
    const totals = totalsAfterSale(lock, plan.taken);
    await writeSoldLots(trx, w, plan, totals, lock.freeShares);
    return soldFill(lock, w, totals, plan.emptied, lotsAfterSale(firstLots, w.shares));
  }
  const consumed: ConsumedLots = { emptied: [], taken: new Map(), firstPages: new Map() };
  await consumeLots(
    trx,
    symbol,
    new Map([[portfolioId, w.shares]]),
    new Map([[portfolioId, lock.lotTotals]]),
    given && new Map([[portfolioId, given]]),
    {
      report: consumed,
      freeTaken: freeLeft
        ? new Map([[portfolioId, { before: lock.freeShares, taken: freeLeft }]])
        : undefined,
    },
  );
  const totals = totalsAfterSale(lock, consumed.taken.get(portfolioId));
  const read = given ? firstLots : lotsFromLock(consumed.firstPages?.get(portfolioId));
  return soldFill(lock, w, totals, consumed.emptied, lotsAfterSale(read, w.shares));
}

/** The symbol's lot totals after a sale took `taken` (negative) from those under `lock`. */
const totalsAfterSale = (
  lock: OrderLock,
  taken: LotDelta = { shares: 0n, cost: 0n },
): LotDelta => ({
  shares: lock.lotTotals.shares + taken.shares,
  cost: lock.lotTotals.cost + taken.cost,
});

/** A sale's fill once written: its record, its change and what it left, as boughtFill for a buy. */
function soldFill(
  lock: OrderLock,
  w: SellWrites & { take?: BookTake },
  totals: LotDelta,
  emptied: readonly string[],
  firstLots: OldestLots | undefined,
): Done {
  const cashCents = lock.cashCents + w.cents;
  const freeShares = lock.freeShares - w.shares;
  return {
    take: w.take,
    transaction: asRow(w.transaction),
    change: {
      version: Number(lock.version),
      cashCents,
      symbol: w.symbol,
      freeShares,
      totals,
      emptied,
    },
    left: { lock, symbol: w.symbol, cashCents, freeShares, lotTotals: totals, firstLots },
  };
}

/**
 * A sale from kept inputs whose kept oldest lots are enough for it, as one statement
 * (writeKeptSale, PostgreSQL): its fill; 'lock' when the guard missed or the kept values refuse
 * it (the lock decides); null when the kept lots are too few (the sale reads them in a
 * transaction, still without the lock read).
 */
async function keptSaleAlone(
  ctx: Ctx,
  kept: KeptOrder,
  amount: OrderAmount,
  body: MarketOrderBody,
  again = true,
): Promise<Done | 'lock' | null> {
  const { lock } = kept;
  const w = planned(() =>
    planSell(ctx.orderBooks, lock, mainRule(lock.settings), amount, body, Date.now()),
  );
  if (!w) return 'lock';
  const given = lotsForSale(kept.firstLots, w.shares);
  const lots = given && planSale(given, w.shares);
  if (!lots) return null;
  const totals = totalsAfterSale(lock, lots.taken);
  const written = await writeKeptSale(ctx.db, w, kept.guard, lots, totals);
  if (written !== true) {
    return again && written.price !== undefined
      ? keptSaleAlone(ctx, repriced(ctx, kept, body.symbol, written.price), amount, body, false)
      : 'lock';
  }
  return soldFill(lock, w, totals, lots.emptied, lotsAfterSale(kept.firstLots, w.shares));
}

/**
 * A market sell of free shares (reserved ones stay on their orders), in one transaction, at the
 * price minus half the spread; the fee comes out of the proceeds. Its statements: the lock (as a
 * buy's, with the oldest lots), the cash, the record and on PostgreSQL the free shares, the lots
 * consumed, the lot totals (with the free shares on SQLite). An order whose inputs this instance
 * kept skips the lock, as a buy does, and reads its lots only when the kept ones are too few.
 */
export async function marketSell(
  ctx: Ctx,
  portfolio: TradingPortfolio,
  body: MarketOrderBody,
): Promise<MarketFill> {
  const amount = orderAmount(body);
  const portfolioId = portfolio.id;
  const { symbol } = body;
  let kept = keptInputs(ctx, portfolio, symbol);
  if (kept && isPostgres(ctx.db)) {
    const alone = await keptSaleAlone(ctx, kept, amount, body);
    if (alone === 'lock') kept = null;
    else if (alone) return committed(ctx, portfolioId, alone);
  }
  const done = await inOrderTransaction(ctx, portfolioId, async (trx) => {
    if (kept) {
      const w = planned(() =>
        planSell(ctx.orderBooks, kept.lock, mainRule(kept.lock.settings), amount, body, Date.now()),
      );
      const freeLeft = w && (await writeSell(trx, w, kept.guard));
      if (w && freeLeft !== null) return sellLots(trx, kept.lock, w, freeLeft, kept.firstLots);
    }
    const now = Date.now();
    const { lock, replay } = await pricedFor(
      trx,
      portfolio,
      await lockForOrder(trx, portfolioId, symbol, { lots: true }),
      symbol,
      now,
    );
    const rule = await ruleOf(trx, portfolio, lock, body, now);
    const w = planSell(ctx.orderBooks, lock, rule, amount, body, now, replay);
    const freeLeft = await writeSell(trx, w);
    if (freeLeft === null) throw new Error('an unguarded sale wrote nothing');
    return sellLots(trx, lock, w, freeLeft, lotsFromLock(lock.firstLots));
  });
  return committed(ctx, portfolioId, done);
}
