import {
  addConsumption,
  BOOK_RANGE_WINDOW_MS,
  consumeBook,
  fullBook,
  outstandingConsumption,
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
import { batchRows } from '../db/batch-rows.ts';
import type { DB } from '../db/schema.ts';
import type { BookTakeEvent, EventBus } from '../realtime/event-bus.ts';
import { ASSET_CATALOG } from './asset-catalog.ts';
import { fullBookOf } from './order-book-store.ts';
import { replayBookInput, type ReplayBookCandle } from './replay-book.ts';
import { bucketStart, INTERVAL_MS } from './simulator.ts';
import { oneReadAtATime } from './one-read-at-a-time.ts';

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
 *
 * A replay contest's members walk a book of their own, made from the replayed candle
 * (replay-book.ts, docs/decisions/034-replay-contests.md): its consumption is kept per contest
 * and asset, apart from the live book's, and travels on the bus as live takes do, but it is not
 * stored: an instance that starts during a replay sees it full until the takes after its start.
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
  sideOf(symbol: string, mid: PriceUnits, side: BookSide, now: number): FoundSide | null;
  /**
   * Why `symbol`'s book cannot be walked at `now` (the feed's book is missing or stale: sideOf
   * would answer 409 MARKET_STALE), or undefined when it can. Asked by the tick before it
   * triggers stops, which wait rather than fill without a book.
   */
  staleness(symbol: string, now: number): string | undefined;
  /**
   * As sideOf, for a member of replay contest `contestId`: the book made from the replayed
   * `candle` around `mid` (the replayed price), less what that contest's members consumed.
   */
  replaySideOf(
    contestId: string,
    symbol: string,
    candle: ReplayBookCandle,
    mid: PriceUnits,
    side: BookSide,
    now: number,
  ): FoundSide | null;
  /** A take of this instance from `book`: applied here at once and published for the others. */
  take(book: WalkedBook, side: BookSide, shares: ShareUnits, now: number): void;
  /** What this instance knows is consumed of an asset's sides (of a replay contest's book, given one). */
  consumed(assetId: string, contestId?: string): Partial<Record<BookSide, BookConsumption>>;
  /** Reads every asset's inputs (and, the first time, the stored consumption). */
  refresh(): Promise<void>;
  /** Stores the consumption changed since the last save: one statement for the live books, one for the replays'. */
  save(): Promise<void>;
  close(): void;
}

/** The book an order walked: the live asset's, the exchange's (a given side), or a replay contest's (its `contestId`). */
export interface WalkedBook {
  input: TakeSource;
  contestId?: string;
}

/**
 * The levels of one side an order may take, and the book they are of; `mid`, when given, the
 * book's own mid, which the order is measured against instead of its price (a fed book's).
 */
export interface FoundSide extends WalkedBook {
  levels: BookLevel[];
  mid?: PriceUnits;
}

/** A replay contest's book: its members walk this one instead of the live book (replay-book.ts). */
export interface ReplayBook {
  contestId: string;
  candle: ReplayBookCandle;
}

/**
 * The side an order or a triggered stop walks: its replay contest's book when it trades in one,
 * else the live one (sideOf).
 */
export function walkedSideOf(
  books: OrderBooks,
  symbol: string,
  mid: PriceUnits,
  side: BookSide,
  now: number,
  replay?: ReplayBook,
): FoundSide | null {
  return replay
    ? books.replaySideOf(replay.contestId, symbol, replay.candle, mid, side, now)
    : books.sideOf(symbol, mid, side, now);
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

/** A live book's side, or (with a contest) a replay book's. */
const key = (assetId: string, side: BookSide, contestId?: string) =>
  contestId ? `${contestId}/${assetId}|${side}` : `${assetId}|${side}`;

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
  /** The sides taken since the last save, by key, with what names them in their table. */
  const unsaved = new Map<string, { assetId: string; side: BookSide; contestId?: string }>();
  /** Replay books' side depths as of their last take, to forget a side once it has refilled. */
  const replayTotals = new Map<string, ShareUnits>();
  let loadedConsumption = false;

  function apply(
    assetId: string,
    side: BookSide,
    sideTotal: ShareUnits,
    shares: ShareUnits,
    at: number,
    contestId?: string,
  ) {
    const k = key(assetId, side, contestId);
    const previous = consumption.get(k);
    // Takes may arrive out of their order (orders commit, and events cross, in any order): the
    // consumption's time never goes back, or what is outstanding would refill from before it.
    const when = previous && previous.at > at ? previous.at : at;
    consumption.set(k, addConsumption(previous, sideTotal, shares, when));
    if (contestId) replayTotals.set(k, sideTotal);
    unsaved.set(k, contestId ? { assetId, side, contestId } : { assetId, side });
  }

  /**
   * Forgets replay sides that have refilled (measured against the side's depth at its last take),
   * so ended replays leave nothing behind.
   */
  function forgetRefilled(now: number) {
    for (const [k, sideTotal] of replayTotals) {
      if (outstandingConsumption(consumption.get(k), sideTotal, now) > 0n) continue;
      replayTotals.delete(k);
      consumption.delete(k);
    }
  }

  // The local bus hands this instance its own events too: those it applied when it took.
  const instance = randomUUID();
  const unsubscribe = bus.subscribe((event) => {
    if (event.type === 'prices') {
      forgetRefilled(event.at);
      void refreshSoon();
    } else if (event.type === 'book-take' && event.origin !== instance)
      apply(
        event.assetId,
        event.side,
        BigInt(event.sideTotal),
        BigInt(event.shares),
        event.at,
        event.contestId,
      );
  });

  function consumedOf(
    assetId: string,
    contestId?: string,
  ): Partial<Record<BookSide, BookConsumption>> {
    const out: Partial<Record<BookSide, BookConsumption>> = {};
    const ask = consumption.get(key(assetId, 'ask', contestId));
    const bid = consumption.get(key(assetId, 'bid', contestId));
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
      // The replays still running; the rows of ended ones are dropped, once per instance start.
      await db
        .deleteFrom('replay_book_consumption')
        .where('contest_id', 'in', (eb) =>
          eb.selectFrom('contests').select('id').where('closed_at', 'is not', null),
        )
        .execute();
      const replays = await db
        .selectFrom('replay_book_consumption')
        .select(['contest_id', 'asset_id', 'side', 'shares', 'at', 'side_total'])
        .execute();
      for (const row of replays) {
        const k = key(row.asset_id, row.side, row.contest_id);
        if (consumption.has(k)) continue;
        consumption.set(k, { shares: BigInt(row.shares), at: Number(row.at) });
        replayTotals.set(k, BigInt(row.side_total));
      }
    }
  }

  /** One refresh at a time; a tick during one asks for one more after it. */
  const refreshSoon = oneReadAtATime(load);

  /**
   * A replay book is made anew each time rather than kept as fullBookOf keeps the live ones: its
   * inputs change with every contest and replayed price, and a kept book per contest would stay
   * after the contest ends.
   */
  const fullOf = (book: { input: BookInput; contestId?: string }) =>
    book.contestId ? fullBook(book.input) : fullBookOf(book.input);

  function found(
    book: { input: BookInput; contestId?: string },
    side: BookSide,
    now: number,
  ): FoundSide {
    const full = fullOf(book);
    const consumed = consumedOf(book.input.assetId, book.contestId);
    const levels = consumeBook(
      side === 'ask' ? { asks: full.asks, bids: [] } : { asks: [], bids: full.bids },
      consumed,
      now,
    );
    return { ...book, levels: side === 'ask' ? levels.asks : levels.bids };
  }

  return {
    defaultModel,
    sideOf(symbol, mid, side, now) {
      const known = inputs.get(symbol);
      if (!known) return null;
      return found({ input: known.price === mid ? known : { ...known, price: mid } }, side, now);
    },
    // The simulated book is made from the price itself: it is never older than the price.
    staleness: () => undefined,
    replaySideOf(contestId, symbol, candle, mid, side, now) {
      const known = inputs.get(symbol);
      if (!known) return null;
      return found({ input: replayBookInput(known, candle, mid), contestId }, side, now);
    },
    take(book, side, shares, now) {
      const { input, contestId } = book;
      let sideTotal: ShareUnits;
      if ('sideTotal' in input) sideTotal = input.sideTotal;
      else {
        const full = fullOf({ input, contestId });
        sideTotal = sideShares(side === 'ask' ? full.asks : full.bids);
      }
      apply(input.assetId, side, sideTotal, shares, now, contestId);
      const event: BookTakeEvent = {
        type: 'book-take',
        assetId: input.assetId,
        side,
        shares: shares.toString(),
        at: now,
        sideTotal: sideTotal.toString(),
        origin: instance,
      };
      if (contestId) event.contestId = contestId;
      bus.publish(event);
    },
    consumed: consumedOf,
    refresh: refreshSoon,
    async save() {
      if (!unsaved.size) return;
      const live = [];
      const replay = [];
      for (const [k, { assetId, side, contestId }] of unsaved) {
        // A replay side forgotten since (refilled) has nothing left to store.
        const c = consumption.get(k);
        if (!c) continue;
        if (contestId)
          replay.push([contestId, assetId, side, c.shares, c.at, replayTotals.get(k) ?? 0n]);
        else live.push({ asset_id: assetId, side, shares: c.shares, at: c.at });
      }
      unsaved.clear();
      if (live.length)
        await db
          .insertInto('order_book_consumption')
          .values(live)
          .onConflict((oc) =>
            oc.columns(['asset_id', 'side']).doUpdateSet((eb) => ({
              shares: eb.ref('excluded.shares'),
              at: eb.ref('excluded.at'),
            })),
          )
          .execute();
      if (!replay.length) return;
      // A contest gone since the take (its owner's account deleted) has nothing left to store: its
      // rows are left out by the same statement, not by a read before it.
      const rows = batchRows(
        db,
        {
          contest_id: 'text',
          asset_id: 'text',
          side: 'text',
          shares: 'bigint',
          at: 'bigint',
          side_total: 'bigint',
        },
        replay,
      );
      await sql`INSERT INTO replay_book_consumption (contest_id, asset_id, side, shares, at, side_total)
        SELECT r.contest_id, r.asset_id, r.side, r.shares, r.at, r.side_total FROM ${rows} AS r
        WHERE EXISTS (SELECT 1 FROM contests c WHERE c.id = r.contest_id)
        ON CONFLICT (contest_id, asset_id, side) DO UPDATE
          SET shares = excluded.shares, at = excluded.at, side_total = excluded.side_total`.execute(
        db,
      );
    },
    close: unsubscribe,
  };
}
