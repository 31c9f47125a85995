import type { MarketOrderBody } from '@papertrade/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buy, expectStatus, setPrice } from '../../../test/calls.ts';
import { captureStatements, type Captured } from '../../../test/statement-capture.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { marketBuy, marketSell } from './market-orders.ts';

/**
 * A market order runs the statements its work needs and no more (docs/decisions/022-lean-order-path.md):
 * the portfolio's lock returns the price, the cost rule's inputs and the holding, and each write
 * after it reads nothing the lock did not return. Counted with the drivers' own calls, on both
 * databases.
 */
const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const order = (symbol: string, assetAmount: number, unit: 'USD' | 'SYMBOL'): MarketOrderBody =>
  ({ symbol, assetAmount, unit }) as MarketOrderBody;
/**
 * A buy's four writes (its free shares go with its lot totals, docs/decisions/024-holdings-in-lot-totals.md):
 * one statement each on SQLite, one in all on PostgreSQL.
 */
const buyWrites = () =>
  t.ctx.database.dialect === 'postgres'
    ? ['WRITE portfolios lots lot_totals transactions']
    : ['UPDATE portfolios', 'INSERT lots', 'INSERT lot_totals', 'INSERT transactions'];
/**
 * A sale's cash and record, one statement each on SQLite, where its free shares go with its lot
 * totals; on PostgreSQL the free shares, cash and record in one statement.
 */
const sellWrites = () =>
  t.ctx.database.dialect === 'postgres'
    ? ['WRITE portfolios lot_totals transactions']
    : ['UPDATE portfolios', 'INSERT transactions'];
/**
 * A buy whose inputs were kept (docs/decisions/038-orders-without-a-lock-read.md): on SQLite the
 * guarded cash move replaces the lock read; on PostgreSQL the writes are the whole order.
 */
const keptBuyStatements = () =>
  t.ctx.database.dialect === 'postgres'
    ? ['WRITE portfolios lots lot_totals transactions']
    : [
        'BEGIN',
        'UPDATE portfolios',
        'INSERT lots',
        'INSERT lot_totals',
        'INSERT transactions',
        'COMMIT',
      ];
/**
 * A sale's lot totals: on SQLite, with its oldest lots known, set in one compiled update
 * (writeSoldLots); on PostgreSQL consumeLots' upsert.
 */
const soldTotals = () =>
  t.ctx.database.dialect === 'postgres' ? 'INSERT lot_totals' : 'UPDATE lot_totals';
const main = () => ({ id: ann.id, contestId: null });
/** The app without the inputs kept from earlier orders: every order takes its lock. */
const locking = () => ({ ...t.ctx, orderInputs: undefined });

/** Each statement as its verb and table, so a reader of a failure sees which one came or went. */
const named = (statements: Captured[]) =>
  statements.map((s) => {
    const text = s.sql.replace(/\s+/g, ' ').trim();
    // The lock returns the order's inputs: a read on SQLite, the version's update on PostgreSQL.
    if (/ AS lot_cost/.test(text)) return 'LOCK portfolios';
    // Writes joined as data-modifying CTEs (PostgreSQL): the tables they write, in order.
    if (/^WITH /i.test(text))
      return `WRITE ${[...text.matchAll(/(?<!DO )(?:UPDATE|INSERT INTO|DELETE FROM) (\w+)/gi)].map((m) => m[1]).join(' ')}`;
    const verb = /^\w+/.exec(text)?.[0].toUpperCase() ?? text;
    const table =
      /^(?:UPDATE|INSERT INTO|DELETE FROM) (\w+)/i.exec(text)?.[1] ??
      [...text.matchAll(/(?:FROM|JOIN) (\w+)/gi)]
        .map((m) => m[1])
        .find((name) => !['json_each', 'unnest', 'LATERAL'].includes(name ?? ''));
    return table ? `${verb} ${table}` : verb;
  });

describe('the statements of a market order', () => {
  it('a market buy runs its lock, its four writes and the commit', async () => {
    const statements = await captureStatements(() =>
      marketBuy(locking(), main(), order('BTC', 100, 'USD')),
    );
    expect(named(statements)).toEqual(['BEGIN', 'LOCK portfolios', ...buyWrites(), 'COMMIT']);
  });

  it('a market sell of part of a lot runs its lock, which returns the oldest lots, its writes and the commit', async () => {
    await marketBuy(locking(), main(), order('BTC', 100, 'USD'));
    const statements = await captureStatements(() =>
      marketSell(locking(), main(), order('BTC', 0.00001, 'SYMBOL')),
    );
    expect(named(statements)).toEqual([
      'BEGIN',
      'LOCK portfolios',
      ...sellWrites(),
      'UPDATE lots',
      soldTotals(),
      'COMMIT',
    ]);
  });

  it('a market sell of a whole holding takes its free shares, then deletes its lot and its totals', async () => {
    const bought = await marketBuy(locking(), main(), order('ETH', 100, 'USD'));
    const statements = await captureStatements(() =>
      marketSell(
        locking(),
        main(),
        order('ETH', Number(bought.transaction.shares) / 1e8, 'SYMBOL'),
      ),
    );
    expect(named(statements)).toEqual([
      'BEGIN',
      'LOCK portfolios',
      ...sellWrites(),
      'DELETE lots',
      'DELETE lot_totals',
      'COMMIT',
    ]);
  });

  it('a market buy over HTTP checks a session not seen lately in one statement before its transaction', async () => {
    const statements = await captureStatements(async () =>
      expectStatus(await buy(t.app, ann, 'BTC', 100, 'USD'), 200),
    );
    const names = named(statements);
    expect(names.slice(0, names.indexOf('COMMIT') + 1)).toEqual([
      'SELECT sessions',
      'BEGIN',
      'LOCK portfolios',
      ...buyWrites(),
      'COMMIT',
    ]);
  });

  it('a second market buy over HTTP runs its writes and nothing else: no session statement, no lock read, no read for its answer', async () => {
    // From the first order on, the session cache (docs/decisions/023-session-cache.md) holds the
    // session, the money record cache (028-answers-from-the-writes.md) the portfolio's record,
    // and the order inputs (038-orders-without-a-lock-read.md) what the lock would read.
    expectStatus(await buy(t.app, ann, 'BTC', 100, 'USD'), 200);
    const statements = await captureStatements(async () =>
      expectStatus(await buy(t.app, ann, 'BTC', 100, 'USD'), 200),
    );
    // PostgreSQL's NOTIFY to the other instances goes on the bus's own connection, not counted.
    const ownStatements = statements.filter((s) => !/pg_notify/.test(s.sql));
    expect(named(ownStatements)).toEqual(keptBuyStatements());
  });

  it('a market buy after an order of its portfolio here is its guarded writes alone: one statement on PostgreSQL', async () => {
    await marketBuy(t.ctx, main(), order('BTC', 100, 'USD'));
    const statements = await captureStatements(() =>
      marketBuy(t.ctx, main(), order('BTC', 100, 'USD')),
    );
    expect(named(statements)).toEqual(keptBuyStatements());
  });

  it('a market sell after an order of its portfolio here reads nothing: on PostgreSQL one statement, on SQLite its writes', async () => {
    // A sale that read the oldest lots leaves the rest kept for the next sale.
    await marketBuy(t.ctx, main(), order('SOL', 100, 'USD'));
    await marketSell(t.ctx, main(), order('SOL', 0.01, 'SYMBOL'));
    const statements = await captureStatements(() =>
      marketSell(t.ctx, main(), order('SOL', 0.01, 'SYMBOL')),
    );
    expect(named(statements)).toEqual(
      t.ctx.database.dialect === 'postgres'
        ? ['WRITE portfolios lot_totals lots lots transactions']
        : [
            'BEGIN',
            'UPDATE portfolios',
            'INSERT transactions',
            'UPDATE lots',
            'UPDATE lot_totals',
            'COMMIT',
          ],
    );
  });

  it('a market buy that walks the book runs the same statements: the book is read and consumed in memory', async () => {
    // docs/decisions/039-book-fills-without-a-lock.md: no book row is read, locked or written.
    // The take goes to the other instances on PostgreSQL's bus connection, in the NOTIFY batch of
    // the order's own change event over HTTP: not one of the order's statements.
    const own = (statements: Captured[]) =>
      named(statements.filter((s) => !/pg_notify/.test(s.sql)));
    const book = { ...t.ctx, orderBooks: { ...t.ctx.orderBooks!, defaultModel: 'BOOK' as const } };
    const first = await captureStatements(() =>
      marketBuy(book, main(), order('XMR', 5_000, 'USD')),
    );
    expect(own(first)).toEqual(['BEGIN', 'LOCK portfolios', ...buyWrites(), 'COMMIT']);
    const kept = await captureStatements(() => marketBuy(book, main(), order('XMR', 5_000, 'USD')));
    expect(own(kept)).toEqual(keptBuyStatements());
    // A sale that read the oldest lots leaves the rest kept for the next sale, as without the book.
    await marketSell(book, main(), order('XMR', 1, 'SYMBOL'));
    const sold = await captureStatements(() => marketSell(book, main(), order('XMR', 1, 'SYMBOL')));
    expect(own(sold)).toEqual(
      t.ctx.database.dialect === 'postgres'
        ? ['WRITE portfolios lot_totals lots lots transactions']
        : [
            'BEGIN',
            'UPDATE portfolios',
            'INSERT transactions',
            'UPDATE lots',
            'UPDATE lot_totals',
            'COMMIT',
          ],
    );
    const { transaction } = await marketBuy(book, main(), order('XMR', 100, 'USD'));
    expect(transaction.mid_price).not.toBeNull();
  });

  it("a market buy after a tick is decided at the tick's price: its guarded writes alone", async () => {
    await marketBuy(t.ctx, main(), order('LTC', 100, 'USD'));
    await setPrice(t.app, 'LTC', 90);
    const statements = await captureStatements(() =>
      marketBuy(t.ctx, main(), order('LTC', 100, 'USD')),
    );
    expect(named(statements)).toEqual(keptBuyStatements());
  });

  it('a kept order whose price moved before its write is decided again at the new price: on PostgreSQL one more write, not the lock', async () => {
    await marketBuy(t.ctx, main(), order('ADA', 100, 'USD'));
    // A sale that read the oldest lots leaves the rest kept for the next sale.
    await marketSell(t.ctx, main(), order('ADA', 1, 'USD'));
    // A price this instance has not seen, as another instance's tick would leave it.
    const moved = 123_456_789n;
    await sql`UPDATE assets SET price = ${moved} WHERE symbol = 'ADA'`.execute(t.ctx.db);
    let fill: Awaited<ReturnType<typeof marketBuy>> | undefined;
    const statements = await captureStatements(async () => {
      fill = await marketBuy(t.ctx, main(), order('ADA', 100, 'USD'));
    });
    expect(named(statements)).toEqual(
      t.ctx.database.dialect === 'postgres'
        ? [...keptBuyStatements(), ...keptBuyStatements()]
        : ['BEGIN', 'UPDATE portfolios', 'LOCK portfolios', ...buyWrites(), 'COMMIT'],
    );
    expect(BigInt(fill!.transaction.price)).toBeGreaterThanOrEqual(moved);
    // A sale after it at yet another price: the same, its kept lots still known.
    await sql`UPDATE assets SET price = ${moved + 1_000n} WHERE symbol = 'ADA'`.execute(t.ctx.db);
    const sold = await captureStatements(() => marketSell(t.ctx, main(), order('ADA', 10, 'USD')));
    expect(named(sold)).toEqual(
      t.ctx.database.dialect === 'postgres'
        ? [
            'WRITE portfolios lot_totals lots lots transactions',
            'WRITE portfolios lot_totals lots lots transactions',
          ]
        : [
            'BEGIN',
            'UPDATE portfolios',
            'LOCK portfolios',
            ...sellWrites(),
            'UPDATE lots',
            'UPDATE lot_totals',
            'COMMIT',
          ],
    );
  });

  it('a kept order whose portfolio changed on another path writes nothing and takes the lock', async () => {
    await marketBuy(t.ctx, main(), order('BTC', 100, 'USD'));
    // A change this instance's kept inputs never saw: a buy through a context that keeps nothing.
    await marketBuy(locking(), main(), order('BTC', 100, 'USD'));
    const statements = await captureStatements(() =>
      marketBuy(t.ctx, main(), order('BTC', 100, 'USD')),
    );
    expect(named(statements)).toEqual(
      t.ctx.database.dialect === 'postgres'
        ? [
            'WRITE portfolios lots lot_totals transactions',
            'BEGIN',
            'LOCK portfolios',
            ...buyWrites(),
            'COMMIT',
          ]
        : ['BEGIN', 'UPDATE portfolios', 'LOCK portfolios', ...buyWrites(), 'COMMIT'],
    );
  });
});
