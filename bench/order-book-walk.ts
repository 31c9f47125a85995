/**
 * npm run bench:book: the simulated order book's own part of a market order that walks the book
 * (docs/decisions/029-simulated-order-book.md). Times, on the pure model (packages/domain
 * order-book.ts), a buy that takes 1 level against one that takes 20, each with the book made for
 * it first (a taker computes the book from the tick, then walks it), and the walk alone. The
 * whole order's target (a 20-level order at most 1.2 times a 1-level one) covers more than this:
 * the statements, the ledger and the answer, which a walk does not change in number.
 *
 * Rounds alternate the two cases so machine load hits both alike; medians of BOOK_BENCH_ROUNDS
 * rounds (default 30) of BOOK_BENCH_BATCH orders each (default 2,000), per order.
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import {
  consumeBook,
  fullBook,
  priceFromNumber,
  simulateBook,
  walkBook,
  type BookInput,
  type BookLevel,
} from '../packages/domain/src/index.ts';

const ROUNDS = Number(process.env.BOOK_BENCH_ROUNDS ?? 30);
const BATCH = Number(process.env.BOOK_BENCH_BATCH ?? 2_000);

const base: BookInput = {
  assetId: 'btcusd',
  seed: 'papertrade',
  price: priceFromNumber(95_000)!,
  tickAt: 1_764_000_000_000,
  volatility: 0.55,
  dailyVolumeUsd: 30e9,
  recentRangeMicro: 1_500,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const sharesOf = (levels: readonly BookLevel[], n: number) =>
  levels.slice(0, n).reduce((sum, l) => sum + l.shares, 0n);

// The shares that take exactly 1 and exactly 20 levels of the book at each tick used.
const ticks = Array.from({ length: BATCH }, (_, i) => ({
  ...base,
  tickAt: base.tickAt + i * 1000,
}));
const wants = ticks.map((input) => {
  const { asks } = simulateBook(input);
  return { one: sharesOf(asks, 1), twenty: sharesOf(asks, 20), asks, full: fullBook(input) };
});

let sink = 0n;
/** made: the book made for the order; kept: the tick's full book kept, what was consumed taken off. */
function run(levels: 1 | 20, book: 'made' | 'kept' | 'none'): number {
  const start = performance.now();
  for (let i = 0; i < BATCH; i++) {
    const want = levels === 1 ? wants[i]!.one : wants[i]!.twenty;
    const asks =
      book === 'made'
        ? simulateBook(ticks[i]!).asks
        : book === 'kept'
          ? consumeBook(wants[i]!.full, {}, ticks[i]!.tickAt).asks
          : wants[i]!.asks;
    const walk = walkBook(asks, { shares: want });
    if (walk.levels !== levels) throw new Error(`walked ${walk.levels} levels, not ${levels}`);
    sink += walk.cents;
  }
  return ((performance.now() - start) * 1000) / BATCH;
}

const times = {
  book1: [] as number[],
  book20: [] as number[],
  kept1: [] as number[],
  kept20: [] as number[],
  walk1: [] as number[],
  walk20: [] as number[],
};
for (let r = 0; r < ROUNDS + 3; r++) {
  const round = {
    book1: run(1, 'made'),
    book20: run(20, 'made'),
    kept1: run(1, 'kept'),
    kept20: run(20, 'kept'),
    walk1: run(1, 'none'),
    walk20: run(20, 'none'),
  };
  if (r < 3) continue; // warm-up
  for (const key of Object.keys(times) as (keyof typeof times)[]) times[key].push(round[key]);
}
const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<
  keyof typeof times,
  number
>;
const us = (x: number) => `${x.toFixed(2)} us`;
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; ${ROUNDS} rounds of ${BATCH}`,
);
console.log(`book made + walk, 1 level:   ${us(m.book1)} per order`);
console.log(
  `book made + walk, 20 levels: ${us(m.book20)} per order  ratio ${(m.book20 / m.book1).toFixed(2)}`,
);
console.log(`book kept + consumption + walk, 1 level:   ${us(m.kept1)} per order`);
console.log(
  `book kept + consumption + walk, 20 levels: ${us(m.kept20)} per order  ratio ${(m.kept20 / m.kept1).toFixed(2)}`,
);
console.log(`walk alone, 1 level:   ${us(m.walk1)}`);
console.log(`walk alone, 20 levels: ${us(m.walk20)}  ratio ${(m.walk20 / m.walk1).toFixed(2)}`);
console.log('target (the whole order, not this part alone): 20 levels <= 1.2 x 1 level');
if (sink === 0n) console.log('');
