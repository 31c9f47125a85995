import {
  costOfShares,
  proceedsOfShares,
  sharesForCents,
  type Cents,
  type PriceUnits,
  type ShareUnits,
} from './money.ts';

/**
 * The simulated order book (docs/decisions/029-simulated-order-book.md). It lives in the domain
 * because the server serves it and will fill market orders from it, and the web app's trade panel
 * walks the same levels to preview an order's average price: one model, no second copy.
 *
 * The book is a pure function of the asset's liquidity profile, the seed, the tick (time and
 * price), how fast the price moved lately, and the liquidity our own takers consumed. Floats only
 * shape the profile (spread, step, size per level) once, like the simulator creates prices; every
 * level's price and shares are exact bigints in the money.ts scales.
 */

/** Levels generated on each side: the most `GET /assets/:id/book` serves. */
export const BOOK_LEVELS = 50;
/** Consumed liquidity comes back linearly: a side emptied whole is full again after this long. */
export const BOOK_REFILL_MS = 60_000;
/** Relative distances are in millionths (1 bp = 100). */
const MICRO = 1_000_000n;
/** The reference asset (BTC-like: $30B a day, 55 % a year) gets the tightest spread. */
const REFERENCE_VOLUME_USD = 30_000_000_000;
const REFERENCE_VOLATILITY = 0.55;
/** Each level near the mid holds this share of a day's volume (in USD); deeper levels hold more. */
const LEVEL_SHARE_OF_VOLUME = 1e-5;
const MIN_HALF_SPREAD_MICRO = 50;
const MAX_HALF_SPREAD_MICRO = 5_000;
/** The window whose high-low range tells how fast the market moves (two 1m candles). */
export const BOOK_RANGE_WINDOW_MS = 120_000;
const MS_PER_YEAR = 365.25 * 24 * 60 * 60 * 1000;

export type BookSide = 'bid' | 'ask';

export interface BookLevel {
  price: PriceUnits;
  shares: ShareUnits;
}

export interface OrderBookLevels {
  /** Best (highest) first. */
  bids: BookLevel[];
  /** Best (lowest) first. */
  asks: BookLevel[];
}

/** What a book is made from; every instance reads the same values from the database. */
export interface BookInput {
  assetId: string;
  seed: string;
  /** The tick's price (the mid) and time (the asset's last update). */
  price: PriceUnits;
  tickAt: number;
  /** Annualised volatility of the asset's walk. */
  volatility: number;
  /** Typical USD traded a day: deep for majors, thin for small coins. */
  dailyVolumeUsd: number;
  /** The high-low range of the last BOOK_RANGE_WINDOW_MS, in millionths of the price (0: calm). */
  recentRangeMicro: number;
}

/** Liquidity taken from one side by our users, as of `at` (ms); it refills from then on. */
export interface BookConsumption {
  shares: ShareUnits;
  at: number;
}

export interface BookProfile {
  halfSpreadMicro: bigint;
  stepMicro: bigint;
  /** USD cents at the best level before noise; level i holds (10 + i) / 10 of it. */
  levelCents: Cents;
}

/** How many times faster than usual the price moved lately (1 when calm or slower). */
export function marketSpeed(volatility: number, recentRangeMicro: number): number {
  // The expected high-low range of a random walk over the window is about 1.6 sigma sqrt(t).
  const expected = 1.6 * volatility * Math.sqrt(BOOK_RANGE_WINDOW_MS / MS_PER_YEAR) * 1e6;
  if (!(expected > 0) || !Number.isFinite(recentRangeMicro)) return 1;
  return Math.max(1, recentRangeMicro / expected);
}

/**
 * Spread, step and size of an asset's book: thinner and wider for small volume and high
 * volatility, and thinner and wider again while the market moves faster than its volatility says.
 */
export function bookProfile(input: BookInput): BookProfile {
  const volume = Math.max(1, input.dailyVolumeUsd);
  const volatility = input.volatility > 0 ? input.volatility : REFERENCE_VOLATILITY;
  const speed = marketSpeed(volatility, input.recentRangeMicro);
  const halfSpread = Math.min(
    MAX_HALF_SPREAD_MICRO,
    Math.max(
      MIN_HALF_SPREAD_MICRO,
      MIN_HALF_SPREAD_MICRO *
        Math.sqrt(REFERENCE_VOLUME_USD / volume) *
        (volatility / REFERENCE_VOLATILITY) *
        speed,
    ),
  );
  const levelUsd =
    (volume * LEVEL_SHARE_OF_VOLUME * (REFERENCE_VOLATILITY / volatility)) / (speed * speed);
  return {
    halfSpreadMicro: BigInt(Math.round(halfSpread)),
    stepMicro: BigInt(Math.round(Math.max(MIN_HALF_SPREAD_MICRO, halfSpread))),
    levelCents: BigInt(Math.max(1, Math.round(levelUsd * 100))),
  };
}

/** A murmur3 finaliser: spreads 32 bits so neighbouring inputs give unrelated outputs. */
function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of text (FNV-1a, then mixed): the book's noise, the same on every instance. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** The noise of one level: the tick's hash mixed with the level's place (even asks, odd bids). */
const levelNoise = (tickHash: number, slot: number): number =>
  mix32(tickHash ^ Math.imul(slot + 1, 0x9e3779b9));

/** The book before our users took anything: BOOK_LEVELS a side, best first. */
export function fullBook(input: BookInput): OrderBookLevels {
  const profile = bookProfile(input);
  const mid = input.price;
  const tickHash = hash32(`${input.seed}|${input.assetId}|${input.tickAt}`);
  const asks: BookLevel[] = [];
  const bids: BookLevel[] = [];
  for (let i = 0; i < BOOK_LEVELS; i++) {
    const distance = profile.halfSpreadMicro + BigInt(i) * profile.stepMicro;
    // Asks round up and bids down, so rounding never narrows the spread; each level is at least
    // one price unit beyond the one before (cheap coins would otherwise repeat a price).
    let ask = (mid * (MICRO + distance) + MICRO - 1n) / MICRO;
    const lastAsk = asks[i - 1]?.price ?? mid;
    if (ask <= lastAsk) ask = lastAsk + 1n;
    asks.push({ price: ask, shares: levelShares(profile, i, ask, levelNoise(tickHash, 2 * i)) });
    let bid = (mid * (MICRO - distance)) / MICRO;
    const lastBid = bids[bids.length - 1]?.price ?? mid;
    if (bid >= lastBid) bid = lastBid - 1n;
    if (bid > 0n)
      bids.push({
        price: bid,
        shares: levelShares(profile, i, bid, levelNoise(tickHash, 2 * i + 1)),
      });
  }
  return { bids, asks };
}

function levelShares(
  profile: BookProfile,
  index: number,
  price: PriceUnits,
  noise: number,
): ShareUnits {
  // 60 % to 140 % of the level's size, so two levels rarely hold the same.
  const permille = 600n + BigInt(noise % 801);
  const cents = (profile.levelCents * BigInt(10 + index) * permille) / 10_000n;
  const shares = sharesForCents(cents, price);
  return shares > 0n ? shares : 1n;
}

/** Shares on one side, all levels. */
export function sideShares(levels: readonly BookLevel[]): ShareUnits {
  let total = 0n;
  for (const level of levels) total += level.shares;
  return total;
}

/**
 * What is still missing from a side at `now`: the consumed shares less what refilled since, at a
 * rate that brings a whole side back in BOOK_REFILL_MS.
 */
export function outstandingConsumption(
  consumption: BookConsumption | undefined,
  sideTotal: ShareUnits,
  now: number,
): ShareUnits {
  if (!consumption || consumption.shares <= 0n) return 0n;
  const elapsed = BigInt(Math.max(0, Math.floor(now - consumption.at)));
  const refilled = (sideTotal * elapsed) / BigInt(BOOK_REFILL_MS);
  return consumption.shares > refilled ? consumption.shares - refilled : 0n;
}

/** Removes `shares` from the best levels outward; levels emptied disappear. */
export function withoutShares(levels: readonly BookLevel[], shares: ShareUnits): BookLevel[] {
  let left = shares;
  const out: BookLevel[] = [];
  for (const level of levels) {
    if (left >= level.shares) {
      left -= level.shares;
      continue;
    }
    out.push(left > 0n ? { price: level.price, shares: level.shares - left } : level);
    left = 0n;
  }
  return out;
}

/** The book as takers see it at `now`: the full book less what is still consumed on each side. */
export function simulateBook(
  input: BookInput,
  consumed: Partial<Record<BookSide, BookConsumption>> = {},
  now: number = input.tickAt,
): OrderBookLevels {
  return consumeBook(fullBook(input), consumed, now);
}

/** A full book (fullBook, maybe kept from earlier in the same tick) less what is still consumed. */
export function consumeBook(
  full: OrderBookLevels,
  consumed: Partial<Record<BookSide, BookConsumption>>,
  now: number,
): OrderBookLevels {
  return {
    bids: withoutShares(
      full.bids,
      outstandingConsumption(consumed.bid, sideShares(full.bids), now),
    ),
    asks: withoutShares(
      full.asks,
      outstandingConsumption(consumed.ask, sideShares(full.asks), now),
    ),
  };
}

/**
 * The consumption to store after a taker took `taken` shares from a side at `now`: what was
 * still outstanding plus the new take, refilling from `now`.
 */
export function addConsumption(
  previous: BookConsumption | undefined,
  sideTotal: ShareUnits,
  taken: ShareUnits,
  now: number,
): BookConsumption {
  return { shares: outstandingConsumption(previous, sideTotal, now) + taken, at: now };
}

export interface BookFill {
  price: PriceUnits;
  shares: ShareUnits;
  /** What those shares cost (a buy, rounded up) or raise (a sell, rounded down) at that price. */
  cents: Cents;
}

export interface BookWalk {
  fills: BookFill[];
  shares: ShareUnits;
  cents: Cents;
  /** Levels touched, whole or in part. */
  levels: number;
}

/**
 * Takes liquidity level by level, best first: `shares` to take at most, or `cents` to spend at
 * most (a buy by amount), and never beyond `limit` (a buy's highest or a sell's lowest price).
 * Exact: each level's cents are its shares times its price, rounded as a fill there would be.
 */
export function walkBook(
  levels: readonly BookLevel[],
  want: { shares: ShareUnits } | { cents: Cents },
  options: { side?: BookSide; limit?: PriceUnits } = {},
): BookWalk {
  const side = options.side ?? 'ask';
  const fills: BookFill[] = [];
  let shares = 0n;
  let cents = 0n;
  for (const level of levels) {
    if (options.limit !== undefined) {
      if (side === 'ask' ? level.price > options.limit : level.price < options.limit) break;
    }
    let take: ShareUnits;
    if ('shares' in want) {
      take = want.shares - shares < level.shares ? want.shares - shares : level.shares;
    } else {
      const budget = want.cents - cents;
      // sharesForCents rounds down, so a part of a level never costs more than the budget left.
      take =
        costOfShares(level.shares, level.price) <= budget
          ? level.shares
          : sharesForCents(budget, level.price);
    }
    if (take <= 0n) break;
    const cost =
      side === 'ask' ? costOfShares(take, level.price) : proceedsOfShares(take, level.price);
    fills.push({ price: level.price, shares: take, cents: cost });
    shares += take;
    cents += cost;
    if (take < level.shares) break;
  }
  return { fills, shares, cents, levels: fills.length };
}
