import type { LightMyRequestResponse } from 'fastify';

/** Small helpers of the race suite, the crash test and the property tests: a seeded PRNG, quotes and the answer rules. */

/** mulberry32: a tiny seeded PRNG, so a failing interleaving can be replayed with its seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** A float in [min, max). */
    between: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    chance: (p: number) => next() < p,
    shuffle: <T>(items: T[]): T[] => {
      for (let i = items.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j] as T, items[i] as T];
      }
      return items;
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** RACE_SEED from the environment (to replay a failure), else a fresh one; always printed by the caller. */
export function raceSeed(): number {
  const fromEnv = Number(process.env.RACE_SEED);
  return Number.isInteger(fromEnv) && fromEnv > 0
    ? fromEnv
    : 1 + Math.floor(Math.random() * 2 ** 31);
}

/** Refusals an order or a reset may answer under any interleaving; anything else 4xx, and every 5xx, is a bug. */
export const ALLOWED_REFUSALS = new Set([
  'INSUFFICIENT_FUNDS',
  'INSUFFICIENT_SHARES',
  'AMOUNT_TOO_SMALL',
  'ORDER_NOT_WORKING',
  'ORDER_NOT_FOUND',
  // A market order on the book when its side is empty (a market-control jump thins every level,
  // and the calls of a shared test app consume it): refused whole, it moves no money.
  'NO_LIQUIDITY',
]);

export interface Answer {
  label: string;
  status: number;
  code: string | undefined;
  body: string;
}

function codeOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

export function answerOf(label: string, status: number, body: string): Answer {
  return { label, status, code: status >= 300 ? codeOf(body) : undefined, body };
}

export function injected(label: string, res: LightMyRequestResponse): Answer {
  return answerOf(label, res.statusCode, res.body);
}

/**
 * Why this answer is not acceptable, or null: 2xx; 400/404/409 with an allowed refusal code; or a
 * 409 with a code (a conflict that survived the server's retries). Every 5xx is a failure.
 */
export function unacceptable(a: Answer): string | null {
  if (a.status >= 200 && a.status < 300) return null;
  if ([400, 404, 409].includes(a.status) && a.code !== undefined && ALLOWED_REFUSALS.has(a.code))
    return null;
  if (a.status === 409 && a.code !== undefined) return null;
  return `${a.label} -> ${a.status} ${a.body.slice(0, 300)}`;
}

/** A price with at most 8 decimals and about 6 significant digits, like a real quote. */
export const quote = (n: number) => Number(Number(n.toPrecision(6)).toFixed(8));

/** A share amount with at most 8 decimals (0 when it rounds to nothing). */
export const shareAmount = (n: number) => Number(n.toFixed(8));
