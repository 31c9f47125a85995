import { z } from 'zod';

/**
 * GET /assets/:id/book?depth=N&contestId=ID: how many levels a side, and the contest whose book a
 * member walks (a running replay's; any other contest's is the live book) (docs/api.md, Market).
 */
export const ORDER_BOOK_MAX_DEPTH = 50;
export const ORDER_BOOK_DEFAULT_DEPTH = 20;

export const OrderBookQuery = z.object({
  depth: z.coerce
    .number()
    .int('Depth must be a whole number')
    .min(1, 'Depth must be between 1 and 50')
    .max(ORDER_BOOK_MAX_DEPTH, 'Depth must be between 1 and 50')
    .default(ORDER_BOOK_DEFAULT_DEPTH),
  contestId: z.string().min(1).max(64).optional(),
});
export type OrderBookQuery = z.infer<typeof OrderBookQuery>;

/** One level: [price in USD, shares], exact to 8 decimals each. */
export const OrderBookLevel = z.tuple([z.number().positive(), z.number().positive()]);
export type OrderBookLevel = z.infer<typeof OrderBookLevel>;

/** The simulated book of one asset, best level first on each side. */
export const OrderBook = z.object({
  bids: z.array(OrderBookLevel),
  asks: z.array(OrderBookLevel),
  /** When the book was read (ms since the epoch): what had refilled by then is in it. */
  at: z.number().int().nonnegative(),
});
export type OrderBook = z.infer<typeof OrderBook>;
