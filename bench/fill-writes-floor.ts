/**
 * The floor of bench:limits (limits.ts): the crossing orders its addCrossingOrders added, filled
 * at the crossing tick's prices by the fewest raw statements the schema allows, no Kysely, no
 * rules, no fill reasons. Per fill: the order leaves the working lists, its transaction, its
 * notification, the owner's cash (a sale's) or free shares (a buy's, in its lot totals row: docs/decisions/024-holdings-in-lot-totals.md),
 * lot totals and a lot, in the tick's four
 * transactions. Then (balancePointsFloor) the balance points of the portfolios it filled. What
 * the real tick and flush cost above it is the product's own work; what the floor costs is SQLite
 * writing the rows the screens read.
 */
import {
  clampRecordedBalance,
  quoteMarketBuy,
  quoteMarketSell,
  totalBalanceCents,
  type PriceUnits,
} from '@papertrade/domain';
import type SQLite from 'better-sqlite3';
import { newId } from '../packages/server/src/db/new-id.ts';
import { parseHoldings, SNAPSHOT_MERGE_MS } from '../packages/server/src/users/total-balance.ts';

/**
 * One prepared statement per row written; returns the milliseconds of the four transactions,
 * finding the orders included, and the portfolios whose orders filled.
 */
export function fillWritesFloor(
  raw: SQLite.Database,
  { BTC: btc, ETH: eth }: { BTC: PriceUnits; ETH: PriceUnits },
): { ms: number; portfolioIds: string[] } {
  const filled = new Set<string>();
  const at = Date.now();
  const find =
    raw.prepare(`SELECT id, portfolio_id, purchase_cents, sell_shares FROM limit_orders INDEXED BY limit_orders_working
    WHERE symbol = ? AND type = ? AND status = 'WORKING' AND armed = 0 AND (CASE WHEN type = 'PURCHASE' THEN limit_price >= ? ELSE limit_price <= ? END)`);
  const findStops =
    raw.prepare(`SELECT id, portfolio_id, purchase_cents, sell_shares FROM limit_orders INDEXED BY limit_orders_stops
    WHERE symbol = ? AND type = ? AND status = 'WORKING' AND armed = 1 AND (CASE WHEN type = 'PURCHASE' THEN stop_price <= ? ELSE stop_price >= ? END)`);
  const claim = raw.prepare(
    `UPDATE limit_orders SET status = 'FILLED', fill_price = ?, closed_at = ?, transaction_id = ? WHERE id = ?`,
  );
  const transaction =
    raw.prepare(`INSERT INTO transactions (id, portfolio_id, epoch, type, method, symbol, shares, total_cents, price, fee_cents, position_id, created_at)
    VALUES (?, ?, 0, ?, 'LIMIT', ?, ?, ?, ?, 0, ?, ?)`);
  const notification = raw.prepare(
    `INSERT INTO notifications (id, user_id, "type", "text", url, read, created_at) VALUES (?, ?, 'TRANSACTION', ?, ?, 0, ?)`,
  );
  const cash = raw.prepare('UPDATE portfolios SET cash_cents = cash_cents + ? WHERE id = ?');
  // The cost is a decimal text (it passes 64 bits): read, added in JavaScript, written back.
  const readTotals = raw.prepare(
    'SELECT shares, cost FROM lot_totals WHERE portfolio_id = ? AND symbol = ?',
  );
  const writeTotals =
    raw.prepare(`INSERT INTO lot_totals (portfolio_id, symbol, shares, cost, free_shares) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (portfolio_id, symbol) DO UPDATE SET shares = excluded.shares, cost = excluded.cost,
      free_shares = lot_totals.free_shares + excluded.free_shares`);
  const noTotals = raw.prepare('DELETE FROM lot_totals WHERE portfolio_id = ? AND symbol = ?');
  const addTotals = (
    portfolioId: string,
    symbol: string,
    shares: bigint,
    cost: bigint,
    free: bigint,
  ) => {
    const row = readTotals.get(portfolioId, symbol) as { shares: bigint; cost: string } | undefined;
    const next = { shares: (row?.shares ?? 0n) + shares, cost: BigInt(row?.cost ?? '0') + cost };
    if (next.shares > 0n)
      writeTotals.run(portfolioId, symbol, next.shares, next.cost.toString(), free);
    else noTotals.run(portfolioId, symbol);
  };
  const lot = raw.prepare(
    'INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const oldestLot = raw
    .prepare('SELECT id FROM lots WHERE portfolio_id = ? AND symbol = ? ORDER BY id LIMIT 1')
    .pluck();
  const takeFromLot = raw.prepare('UPDATE lots SET shares = shares - ? WHERE id = ?');
  type Found = {
    id: string;
    portfolio_id: string;
    purchase_cents: bigint | null;
    sell_shares: bigint | null;
  };
  const fill = (symbol: string, price: bigint, orders: Found[]) => {
    for (const o of orders) {
      filled.add(o.portfolio_id);
      const tx = newId(at);
      const buy = o.purchase_cents !== null;
      const { shares, totalCents: cents } = buy
        ? quoteMarketBuy({ unit: 'USD', cents: o.purchase_cents as bigint }, price)
        : quoteMarketSell({ unit: 'SYMBOL', shares: o.sell_shares as bigint }, price);
      claim.run(price, at, tx, o.id);
      transaction.run(
        tx,
        o.portfolio_id,
        buy ? 'PURCHASE' : 'SELL',
        symbol,
        shares,
        cents,
        price,
        o.id,
        at,
      );
      notification.run(
        newId(at),
        o.portfolio_id,
        `Limit order filled: ${buy ? 'bought' : 'sold'} ${shares} ${symbol} at ${price}`,
        `/transaction?id=${tx}`,
        at,
      );
      if (buy) {
        // A buy's cash left when it was placed (reserved): lot totals with its free shares, and a new lot.
        addTotals(o.portfolio_id, symbol, shares, shares * price, shares);
        lot.run(newId(at), o.portfolio_id, symbol, shares, price, at);
      } else {
        // A sell's shares left the free shares when it was placed: cash, lot totals and its oldest lot.
        cash.run(cents, o.portfolio_id);
        addTotals(o.portfolio_id, symbol, -shares, -shares * price, 0n);
        takeFromLot.run(shares, oldestLot.get(o.portfolio_id, symbol));
      }
    }
  };
  const batch = raw.transaction((symbol: string, type: string, price: bigint, stops: boolean) =>
    fill(symbol, price, (stops ? findStops : find).all(symbol, type, price, price) as Found[]),
  );
  const started = performance.now();
  batch('BTC', 'PURCHASE', btc, false);
  batch('BTC', 'SELL', btc, true);
  batch('ETH', 'SELL', eth, false);
  batch('ETH', 'PURCHASE', eth, true);
  return { ms: performance.now() - started, portfolioIds: [...filled] };
}

/**
 * The balance points of the portfolios a floor run filled (the flush bench:limits times after
 * the app's tick), by the fewest raw statements: the prices, one read of each portfolio's cash
 * and holdings (the holdings as one text, as loadPortfolioTotals reads them), the totals in
 * JavaScript by the domain's rule, and per portfolio its point of the last minute replaced, in
 * one transaction. The cash its working buys reserve is not read: a running column could hold
 * it, so the floor leaves its sum out. Returns the milliseconds.
 */
export function balancePointsFloor(raw: SQLite.Database, portfolioIds: readonly string[]): number {
  const at = Date.now();
  const prices = raw.prepare('SELECT symbol, price FROM assets');
  const read = raw.prepare(`SELECT p.id, p.epoch, p.cash_cents,
      (SELECT group_concat(symbol || ' ' || shares, ',') FROM lot_totals WHERE portfolio_id = p.id) AS holdings
    FROM portfolios p WHERE p.id IN (SELECT value FROM json_each(?))`);
  const replace = raw.prepare(
    'DELETE FROM balance_snapshots WHERE portfolio_id = ? AND epoch = ? AND ts > ?',
  );
  const insert = raw.prepare(
    'INSERT INTO balance_snapshots (portfolio_id, epoch, ts, balance_cents) VALUES (?, ?, ?, ?)',
  );
  type Row = { id: string; epoch: bigint; cash_cents: bigint; holdings: string | null };
  const points = raw.transaction(() => {
    const priceOf = new Map(
      (prices.all() as { symbol: string; price: bigint }[]).map((r) => [r.symbol, r.price]),
    );
    for (const r of read.all(JSON.stringify(portfolioIds)) as Row[]) {
      const total = totalBalanceCents({
        cashCents: r.cash_cents,
        holdings: parseHoldings(r.holdings),
        workingOrders: [],
        prices: priceOf,
      });
      replace.run(r.id, r.epoch, BigInt(at - SNAPSHOT_MERGE_MS));
      insert.run(r.id, r.epoch, BigInt(at), clampRecordedBalance(total));
    }
  });
  const started = performance.now();
  points();
  return performance.now() - started;
}
