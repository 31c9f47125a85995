/**
 * Seeded randomness for the simulator. xoshiro128** is small, fast and its whole state is
 * four 32-bit words, so the market can persist it and carry on after a restart exactly where
 * it stopped: the same MARKET_SEED always gives the same prices.
 */
export type RandomState = [number, number, number, number];

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal sample (Box-Muller). */
  gaussian(): number;
  /** A copy of the state, safe to JSON.stringify and to hand back to createRandom. */
  state(): RandomState;
}

/** cyrb128: spreads a text seed over 128 bits, so similar seeds still give unrelated streams. */
export function seedState(seed: string): RandomState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  const state: RandomState = [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
  // xoshiro must never start from all zeros (it would stay there forever).
  if (state.every((w) => w === 0)) state[0] = 1;
  return state;
}

export function isRandomState(value: unknown): value is RandomState {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff) &&
    value.some((w) => w !== 0)
  );
}

export function createRandom(from: string | RandomState): Random {
  let [a, b, c, d] = typeof from === 'string' ? seedState(from) : from;
  const nextUint32 = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  const next = () => nextUint32() / 4294967296;
  return {
    next,
    gaussian() {
      // 1 - u keeps the logarithm's argument in (0, 1]; the second sample is dropped so the
      // state stays four words (the simulator needs few samples per tick).
      const u1 = 1 - next();
      const u2 = next();
      return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    },
    state: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0],
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
