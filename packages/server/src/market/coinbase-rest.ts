import { PRICE_DECIMALS, parseDecimal } from '@papertrade/domain';
import { z } from 'zod';
import type { CandleInterval, CandleRow } from './simulator.ts';

/** Coinbase Exchange's public REST calls the feed needs: which products exist, and past candles. */

const TIMEOUT_MS = 10_000;
// Coinbase refuses requests without a User-Agent.
const HEADERS = { 'user-agent': 'papertrade', accept: 'application/json' };

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: HEADERS, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

const Products = z.array(
  z.object({
    id: z.string(),
    status: z.string().optional(),
    trading_disabled: z.boolean().optional(),
  }),
);

/** The product ids the exchange lists and trades (`BTC-USD`, ...). */
export async function fetchProducts(restUrl: string): Promise<Set<string>> {
  const products = Products.parse(await getJson(`${restUrl}/products`));
  return new Set(
    products
      .filter((p) => (p.status ?? 'online') === 'online' && p.trading_disabled !== true)
      .map((p) => p.id),
  );
}

/** The candle sizes we keep, in Coinbase's granularities (seconds). */
export const GRANULARITY: Record<CandleInterval, number> = { '1m': 60, '1h': 3600, '1d': 86_400 };
/** Coinbase answers at most 300 candles a request. */
export const CANDLES_PER_REQUEST = 300;

const CandleRows = z.array(
  z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]),
);

/** Exact units from Coinbase's JSON numbers (at most 8 decimals are kept, as for every price). */
const exact = (n: number, decimals: number): bigint | null =>
  parseDecimal(n.toFixed(decimals), decimals);

/**
 * Up to 300 candles of one interval ending at `end` (ms), oldest first. Rows whose numbers do not
 * make a candle (a low above the high, a price of 0) are dropped, as the feed's bad frames are.
 */
export async function fetchCandles(
  restUrl: string,
  product: string,
  interval: CandleInterval,
  end: number,
): Promise<CandleRow[]> {
  const step = GRANULARITY[interval];
  const endS = Math.floor(end / 1000);
  const startS = endS - step * CANDLES_PER_REQUEST;
  const url = `${restUrl}/products/${product}/candles?granularity=${step}&start=${new Date(startS * 1000).toISOString()}&end=${new Date(endS * 1000).toISOString()}`;
  const rows = CandleRows.parse(await getJson(url));
  const candles: CandleRow[] = [];
  for (const [time, low, high, open, close] of rows) {
    const [l, h, o, c] = [low, high, open, close].map((n) => exact(n, PRICE_DECIMALS));
    if (!l || !h || !o || !c || l <= 0n || h < l || o < l || o > h || c < l || c > h) continue;
    candles.push({ interval, startTs: time * 1000, open: o, high: h, low: l, close: c });
  }
  return candles.sort((a, b) => a.startTs - b.startTs);
}
