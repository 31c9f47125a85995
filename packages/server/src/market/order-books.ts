import {
  addConsumption,
  BOOK_RANGE_WINDOW_MS,
  consumeBook,
  sideShares,
  type BookConsumption,
  type BookInput,
  type BookLevel,
  type BookSide,
  type FillModel,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { BookTakeEvent, EventBus } from '../realtime/event-bus.ts';
import { ASSET_CATALOG } from './asset-catalog.ts';
import { fullBookOf } from './order-book-store.ts';
import { bucketStart, INTERVAL_MS } from './simulator.ts';

/**
 * The simulated books as market orders walk them, kept per app
 * (docs/decisions/039-book-fills-without-a-lock.md). A market order must not read or lock
 * anything of the book: a per-asset row lock would queue every order of an asset behind the one
 * before it on PostgreSQL, and a read would add a statement to the lean order path. So each
 * instance keeps:
 * - the book's inputs per asset (its tick time, volatility and recent range), read again in two
 *   statements after every tick (`refresh`); the mid is the order's own price, the one its lock or
 *   its guard checked;
 * - what takers consumed per asset and side: its own takes at once, the other instances' when their
 *   bus event arrives (one bus hop later), and what was stored at start.
 * The market leader's tick stores what changed in one statement (`save`), so a new instance and
 * `GET /assets/:id/book` start from it.
 */
export interface OrderBooks {
  /** How an order fills when neither its owner's settings nor its contest choose (config.ts). */
  readonly defaultModel: FillModel;
  /**
   * The levels an order on `symbol` takes (the asks for a buy, the bids for a sale) around `mid`,
   * less what is consumed at `now`, with the input they were made from; null when the symbol's
   * inputs are not known here (a symbol the market does not list). `mid`, when given, is the
   * book's own mid, which the order is measured against instead of its price (a fed book's).
   */
  sideOf(
    symbol: string,
    mid: PriceUnits,
    side: BookSide,
    now: number,
  ): { levels: BookLevel[]; input: TakeSource; mid?: PriceUnits } | null;
  /** A take of this instance: applied here at once and published for the others. */
  take(input: TakeSource, side: BookSide, shares: ShareUnits, now: number): void;
  /** What this instance knows is consumed of an asset's sides. */
  consumed(assetId: string): Partial<Record<BookSide, BookConsumption>>;
  /** Reads every asset's inputs (and, the first time, the stored consumption). */
  refresh(): Promise<void>;
  /** Stores the consumption changed since the last save, in one statement. */
  save(): Promise<void>;
  close(): void;
}

const DEFAULT_DAILY_VOLUME_USD = 100_000_000;
const volumeById = new Map(ASSET_CATALOG.map((a) => [a.id, a.dailyVolumeUsd]));

interface AssetInputRow {
  id: string;
  symbol: string;
  price: bigint | number | string;
  volatility: number | string;
  updated_at: bigint | number | string;
}
interface CandleRow {
  asset_id: string;
  start_ts: bigint | number | string;
  low: bigint | number | string;
  high: bigint | number | string;
}

const key = (assetId: string, side: BookSide) => `${assetId}|${side}`;

/**
 * A side of a book that is not computed but given (the exchange's, market/fed-books.ts): what a
 * take on it is measured against is its asset and its whole depth when taken.
 */
export interface GivenSide {
  assetId: string;
  sideTotal: ShareUnits;
}

/** What a take is made on: the simulated book's input, or a given side. */
export type TakeSource = BookInput | GivenSide;

export function createOrderBooks(
  db: Kysely<DB>,
  bus: EventBus,
  seed: string,
  defaultModel: FillModel = 'BOOK',
): OrderBooks {
  const inputs = new Map<string, BookInput>();
  const consumption = new Map<string, BookConsumption>();
  const unsaved = new Set<string>();
  let loadedConsumption = false;
  let refreshing: Promise<void> | null = null;
  let again = false;

  function apply(
    assetId: string,
    side: BookSide,
    sideTotal: ShareUnits,
    shares: ShareUnits,
    at: number,
  ) {
    const k = key(assetId, side);
    const previous = consumption.get(k);
    // Takes may arrive out of their order (orders commit, and events cross, in any order): the
    // consumption's time never goes back, or what is outstanding would refill from before it.
    const when = previous && previous.at > at ? previous.at : at;
    consumption.set(k, addConsumption(previous, sideTotal, shares, when));
    unsaved.add(k);
  }

  // The local bus hands this instance its own events too: those it applied when it took.
  const instance = randomUUID();
  const unsubscribe = bus.subscribe((event) => {
    if (event.type === 'prices') void refreshSoon();
    else if (event.type === 'book-take' && event.origin !== instance)
      apply(event.assetId, event.side, BigInt(event.sideTotal), BigInt(event.shares), event.at);
  });

  function consumedOf(assetId: string): Partial<Record<BookSide, BookConsumption>> {
    const out: Partial<Record<BookSide, BookConsumption>> = {};
    const ask = consumption.get(key(assetId, 'ask'));
    const bid = consumption.get(key(assetId, 'bid'));
    if (ask) out.ask = ask;
    if (bid) out.bid = bid;
    return out;
  }

  async function load(): Promise<void> {
    const assets = (
      await sql<AssetInputRow>`SELECT id, symbol, price, volatility, updated_at FROM assets`.execute(
        db,
      )
    ).rows;
    if (!assets.length) return;
    const earliest = Math.min(...assets.map((a) => Number(a.updated_at)));
    const since = bucketStart('1m', earliest) - (BOOK_RANGE_WINDOW_MS - INTERVAL_MS['1m']);
    // asset_id first, so each asset's few rows are read through the candles' primary key.
    const candles: CandleRow[] = await db
      .selectFrom('candles')
      .select(['asset_id', 'start_ts', 'low', 'high'])
      .where(
        'asset_id',
        'in',
        assets.map((a) => a.id),
      )
      .where('interval', '=', '1m')
      .where('start_ts', '>=', BigInt(since))
      .execute();
    for (const a of assets) {
      const tickAt = Number(a.updated_at);
      const price = BigInt(a.price);
      // As loadBookState: the minute of the tick and the one before it.
      const from = bucketStart('1m', tickAt) - (BOOK_RANGE_WINDOW_MS - INTERVAL_MS['1m']);
      let high = price;
      let low = price;
      for (const c of candles) {
        if (c.asset_id !== a.id || Number(c.start_ts) < from) continue;
        if (BigInt(c.high) > high) high = BigInt(c.high);
        if (BigInt(c.low) < low) low = BigInt(c.low);
      }
      inputs.set(a.symbol, {
        assetId: a.id,
        seed,
        price,
        tickAt,
        volatility: Number(a.volatility),
        dailyVolumeUsd: volumeById.get(a.id) ?? DEFAULT_DAILY_VOLUME_USD,
        recentRangeMicro: price > 0n ? Number(((high - low) * 1_000_000n) / price) : 0,
      });
    }
    if (!loadedConsumption) {
      loadedConsumption = true;
      const rows = await db
        .selectFrom('order_book_consumption')
        .select(['asset_id', 'side', 'shares', 'at'])
        .execute();
      for (const row of rows) {
        const k = key(row.asset_id, row.side);
        const stored = { shares: BigInt(row.shares), at: Number(row.at) };
        // A take this instance already applied is newer than what was stored before it.
        if (!consumption.has(k)) consumption.set(k, stored);
      }
    }
  }

  /** One refresh at a time; a tick during one asks for one more after it. */
  function refreshSoon(): Promise<void> {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = load()
      .catch(() => undefined)
      .finally(() => {
        refreshing = null;
        if (again) {
          again = false;
          void refreshSoon();
        }
      });
    return refreshing;
  }

  return {
    defaultModel,
    sideOf(symbol, mid, side, now) {
      const known = inputs.get(symbol);
      if (!known) return null;
      const input = known.price === mid ? known : { ...known, price: mid };
      const full = fullBookOf(input);
      const consumed = consumedOf(input.assetId);
      const book = consumeBook(
        side === 'ask' ? { asks: full.asks, bids: [] } : { asks: [], bids: full.bids },
        consumed,
        now,
      );
      return { levels: side === 'ask' ? book.asks : book.bids, input };
    },
    take(input, side, shares, now) {
      let sideTotal: ShareUnits;
      if ('sideTotal' in input) sideTotal = input.sideTotal;
      else {
        const full = fullBookOf(input);
        sideTotal = sideShares(side === 'ask' ? full.asks : full.bids);
      }
      apply(input.assetId, side, sideTotal, shares, now);
      const event: BookTakeEvent = {
        type: 'book-take',
        assetId: input.assetId,
        side,
        shares: shares.toString(),
        at: now,
        sideTotal: sideTotal.toString(),
        origin: instance,
      };
      bus.publish(event);
    },
    consumed: consumedOf,
    refresh: refreshSoon,
    async save() {
      if (!unsaved.size) return;
      const rows = [...unsaved].map((k) => {
        const [asset_id, side] = k.split('|') as [string, BookSide];
        const c = consumption.get(k)!;
        return { asset_id, side, shares: c.shares, at: c.at };
      });
      unsaved.clear();
      await db
        .insertInto('order_book_consumption')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['asset_id', 'side']).doUpdateSet((eb) => ({
            shares: eb.ref('excluded.shares'),
            at: eb.ref('excluded.at'),
          })),
        )
        .execute();
    },
    close: unsubscribe,
  };
}
