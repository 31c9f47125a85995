import { PRICE_DECIMALS, SHARE_DECIMALS, parseDecimal, type PriceUnits } from '@papertrade/domain';
import { z } from 'zod';
import { MAX_PRICE, MIN_PRICE } from './simulator.ts';

/**
 * Coinbase Exchange's documented WebSocket frames (channels `ticker`, `level2_batch`, `heartbeat`)
 * read into exact units. Anything else, or a frame whose numbers do not parse, is `null`: the
 * feed ignores and counts it (docs/decisions/033-coinbase-feed.md).
 */

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const level = z.tuple([decimal, decimal]);

const TickerFrame = z.object({
  type: z.literal('ticker'),
  product_id: z.string(),
  sequence: z.number().int().nonnegative(),
  trade_id: z.number().int().nonnegative().optional(),
  price: decimal,
  open_24h: decimal.optional(),
  volume_24h: decimal.optional(),
  high_24h: decimal.optional(),
  low_24h: decimal.optional(),
  time: z.string(),
});
const SnapshotFrame = z.object({
  type: z.literal('snapshot'),
  product_id: z.string(),
  bids: z.array(level),
  asks: z.array(level),
});
const UpdateFrame = z.object({
  type: z.literal('l2update'),
  product_id: z.string(),
  changes: z.array(z.tuple([z.enum(['buy', 'sell']), decimal, decimal])),
});
const HeartbeatFrame = z.object({
  type: z.literal('heartbeat'),
  product_id: z.string(),
  sequence: z.number().int().nonnegative(),
  last_trade_id: z.number().int().nonnegative(),
});
const OtherFrame = z.object({
  type: z.enum(['subscriptions', 'error']),
  message: z.string().optional(),
});

/** Price units (1e-8 USD) and share units (1e-8 of a coin) of one book level. */
export interface FeedLevel {
  price: PriceUnits;
  shares: bigint;
}

export interface FeedTicker {
  type: 'ticker';
  product: string;
  sequence: number;
  tradeId: number | undefined;
  price: PriceUnits;
  at: number;
  open24h: PriceUnits | undefined;
  volume24h: bigint | undefined;
}

export type FeedFrame =
  | FeedTicker
  | { type: 'snapshot'; product: string; bids: FeedLevel[]; asks: FeedLevel[] }
  | { type: 'l2update'; product: string; changes: { side: 'bid' | 'ask'; level: FeedLevel }[] }
  | { type: 'heartbeat'; product: string; lastTradeId: number }
  | { type: 'subscriptions' }
  | { type: 'error'; message: string };

const price = (text: string): PriceUnits | null => {
  const units = parseDecimal(text, PRICE_DECIMALS);
  return units !== null && units >= MIN_PRICE && units <= MAX_PRICE ? units : null;
};
// Coinbase gives more decimals than we keep for sizes: cut, never rounded up.
const shares = (text: string): bigint | null => {
  const [whole = '', fraction = ''] = text.split('.');
  return parseDecimal(`${whole}.${fraction.slice(0, SHARE_DECIMALS) || '0'}`, SHARE_DECIMALS);
};

function levelOf(p: string, s: string): FeedLevel | null {
  const units = price(p);
  const size = shares(s);
  return units === null || size === null ? null : { price: units, shares: size };
}

function levels(rows: [string, string][]): FeedLevel[] | null {
  const out: FeedLevel[] = [];
  for (const [p, s] of rows) {
    const l = levelOf(p, s);
    if (!l) return null;
    out.push(l);
  }
  return out;
}

/** One frame's text, or null when it is not JSON, not a documented frame, or out of bounds. */
export function parseFeedFrame(text: string): FeedFrame | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const type = (raw as { type?: unknown } | null)?.type;
  if (type === 'ticker') {
    const f = TickerFrame.safeParse(raw);
    if (!f.success) return null;
    const units = price(f.data.price);
    const at = Date.parse(f.data.time);
    if (units === null || !Number.isFinite(at)) return null;
    const open = f.data.open_24h === undefined ? undefined : price(f.data.open_24h);
    const volume = f.data.volume_24h === undefined ? undefined : shares(f.data.volume_24h);
    return {
      type: 'ticker',
      product: f.data.product_id,
      sequence: f.data.sequence,
      tradeId: f.data.trade_id,
      price: units,
      at,
      open24h: open ?? undefined,
      volume24h: volume ?? undefined,
    };
  }
  if (type === 'snapshot') {
    const f = SnapshotFrame.safeParse(raw);
    if (!f.success) return null;
    const bids = levels(f.data.bids);
    const asks = levels(f.data.asks);
    return bids && asks ? { type: 'snapshot', product: f.data.product_id, bids, asks } : null;
  }
  if (type === 'l2update') {
    const f = UpdateFrame.safeParse(raw);
    if (!f.success) return null;
    const changes: { side: 'bid' | 'ask'; level: FeedLevel }[] = [];
    for (const [side, p, s] of f.data.changes) {
      const l = levelOf(p, s);
      if (!l) return null;
      changes.push({ side: side === 'buy' ? 'bid' : 'ask', level: l });
    }
    return { type: 'l2update', product: f.data.product_id, changes };
  }
  if (type === 'heartbeat') {
    const f = HeartbeatFrame.safeParse(raw);
    return f.success
      ? { type: 'heartbeat', product: f.data.product_id, lastTradeId: f.data.last_trade_id }
      : null;
  }
  const other = OtherFrame.safeParse(raw);
  if (!other.success) return null;
  return other.data.type === 'error'
    ? { type: 'error', message: other.data.message ?? '' }
    : { type: 'subscriptions' };
}

/** Our asset's product on Coinbase: `BTC` trades as `BTC-USD`. */
export const productOf = (symbol: string): string => `${symbol.toUpperCase()}-USD`;
