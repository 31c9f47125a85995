import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyGuard, KEY_ID_HEADER, SECRET_HEADER } from '../api-keys/public.ts';
import {
  alpacaBadRequest,
  loadDataAssets,
  pickAssets,
  useAlpacaErrors,
  type DataAsset,
} from './alpaca-data-symbols.ts';
import {
  candleAt,
  latestBar,
  latestTrade,
  loadBars,
  loadQuoteAndBook,
  loadTrades,
  parseTimeframe,
  toBar,
  TIMEFRAMES,
  type RangeQuery,
} from './market-data.ts';

/** Alpaca's page size: 1,000 by default, at most 10,000, counted over all symbols together. */
export const DEFAULT_LIMIT = 1000;
export const MAX_LIMIT = 10_000;
const DAY_MS = 86_400_000;

const RangeParams = z.object({
  symbols: z.string().max(2000).optional(),
  start: z.string().max(40).optional(),
  end: z.string().max(40).optional(),
  limit: z.string().max(10).optional(),
  page_token: z.string().max(200).optional(),
  sort: z.string().max(10).optional(),
  timeframe: z.string().max(10).optional(),
});
const LatestParams = z.object({ symbols: z.string().max(2000).optional() });

function parseTime(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw alpacaBadRequest(`invalid ${name}: ${raw} (RFC-3339 or YYYY-MM-DD)`);
  return ms;
}

/** A page token is where the next page starts: a symbol and the start of its next item. */
const encodeToken = (symbol: string, at: number) =>
  Buffer.from(`${symbol}|${at}`).toString('base64url');
function decodeToken(token: string): { symbol: string; at: number } {
  const [symbol, at] = Buffer.from(token, 'base64url').toString().split('|');
  if (!symbol || !at || !/^\d+$/.test(at)) throw alpacaBadRequest('invalid page_token');
  return { symbol, at: Number(at) };
}

function parseRange(query: z.infer<typeof RangeParams>, now: number) {
  // Alpaca's default start is the beginning of the current day (UTC); the end is now.
  const start = parseTime(query.start, 'start', Math.floor(now / DAY_MS) * DAY_MS);
  const end = parseTime(query.end, 'end', now);
  if (start > end) throw alpacaBadRequest('end should not be before start');
  const sort = query.sort ?? 'asc';
  if (sort !== 'asc' && sort !== 'desc') throw alpacaBadRequest('invalid sort: asc or desc');
  let limit = DEFAULT_LIMIT;
  if (query.limit !== undefined) {
    limit = Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      throw alpacaBadRequest(`invalid limit: between 1 and ${MAX_LIMIT}`);
  }
  const token = query.page_token ? decodeToken(query.page_token) : undefined;
  return { start, end, sort, limit, token } as const;
}

/**
 * Pages over several symbols the way Alpaca does: symbols in alphabetical order, the limit shared
 * by all of them, `next_page_token` naming where the next page starts (null on the last one).
 */
async function pageOver<T>(
  assets: DataAsset[],
  query: z.infer<typeof RangeParams>,
  load: (
    asset: DataAsset,
    range: RangeQuery,
    limit: number,
  ) => Promise<{ items: T[]; next?: number }>,
): Promise<{ items: Record<string, T[]>; next_page_token: string | null }> {
  const { start, end, sort, limit, token } = parseRange(query, Date.now());
  const ordered = [...assets].sort((a, b) => (a.alpacaSymbol < b.alpacaSymbol ? -1 : 1));
  const items: Record<string, T[]> = {};
  let left = limit;
  for (const asset of ordered) {
    if (token && asset.alpacaSymbol < token.symbol) continue;
    const from = token && asset.alpacaSymbol === token.symbol ? token.at : undefined;
    if (left === 0)
      return {
        items,
        next_page_token: encodeToken(asset.alpacaSymbol, from ?? (sort === 'asc' ? start : end)),
      };
    const got = await load(asset, { start, end, sort, from }, left);
    if (got.items.length > 0) items[asset.alpacaSymbol] = got.items;
    left -= got.items.length;
    if (got.next !== undefined)
      return { items, next_page_token: encodeToken(asset.alpacaSymbol, got.next) };
  }
  return { items, next_page_token: null };
}

/**
 * Alpaca's Market Data API for crypto at /v1beta3/crypto/us (docs/api.md, "Alpaca-compatible
 * market data and streams"): Alpaca's parameters, answers and errors.
 */
export function alpacaDataRoutes(scope: FastifyInstance, ctx: AppContext): void {
  useAlpacaErrors(scope);
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const base = '/v1beta3/crypto/:loc';
  // Alpaca's crypto data needs no key (its SDK sends none there): like /all-assets, ours is public.
  // A request that does carry a key has it checked, and counted against that key's rate.
  const guard = apiKeyGuard(ctx);
  const keyed = {
    config: { apiKey: true },
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (
        request.headers[KEY_ID_HEADER] !== undefined ||
        request.headers[SECRET_HEADER] !== undefined
      )
        await guard(request, reply);
    },
  };
  // Left out of /openapi.json: Alpaca's own reference documents these, with its {code, message}
  // errors rather than our {error, code} (docs/decisions/032-alpaca-data-and-streams.md).
  const schema = <Q extends z.ZodTypeAny>(summary: string, querystring: Q) => ({
    hide: true,
    tags: ['alpaca market data'],
    summary,
    params: z.object({ loc: z.string().max(10) }),
    querystring,
  });
  const assetsOf = async (loc: string, symbols: string | undefined) => {
    // Alpaca's crypto feeds are by location; ours is one market, served as `us`.
    if (loc !== 'us') throw alpacaBadRequest(`invalid location: ${loc} (only us is served here)`);
    return pickAssets(await loadDataAssets(ctx.db), symbols);
  };

  app.get(
    `${base}/bars`,
    { ...keyed, schema: schema('Historical crypto bars (Alpaca)', RangeParams) },
    async (request) => {
      const { query } = request;
      const assets = await assetsOf(request.params.loc, query.symbols);
      if (!query.timeframe) throw alpacaBadRequest('missing timeframe');
      const timeframe = parseTimeframe(query.timeframe);
      if (!timeframe)
        throw alpacaBadRequest(
          `invalid timeframe: ${query.timeframe} (served here: ${Object.keys(TIMEFRAMES).join(', ')})`,
        );
      const page = await pageOver(assets, query, async (asset, range, limit) => {
        const got = await loadBars(ctx.db, asset, timeframe, range, limit);
        return { items: got.bars, next: got.next };
      });
      return { bars: page.items, next_page_token: page.next_page_token };
    },
  );

  app.get(
    `${base}/trades`,
    { ...keyed, schema: schema('Historical crypto trades (Alpaca; one a minute)', RangeParams) },
    async (request) => {
      const { query } = request;
      const assets = await assetsOf(request.params.loc, query.symbols);
      const page = await pageOver(assets, query, async (asset, range, limit) => {
        const got = await loadTrades(ctx.db, asset, range, limit);
        return { items: got.trades, next: got.next };
      });
      return { trades: page.items, next_page_token: page.next_page_token };
    },
  );

  app.get(
    `${base}/quotes`,
    { ...keyed, schema: schema('Crypto quotes (Alpaca; the current one only)', RangeParams) },
    async (request) => {
      const { query } = request;
      const assets = await assetsOf(request.params.loc, query.symbols);
      const now = Date.now();
      const { start, end } = parseRange(query, now);
      // No quote history is kept: the book of now is the only quote there is.
      const quotes: Record<string, unknown[]> = {};
      if (start <= now && now <= end + 1000) {
        for (const asset of assets)
          quotes[asset.alpacaSymbol] = [
            (await loadQuoteAndBook(ctx.db, asset, ctx.config.marketSeed, now)).quote,
          ];
      }
      return { quotes, next_page_token: null };
    },
  );

  app.get(
    `${base}/latest/bars`,
    { ...keyed, schema: schema('Latest crypto minute bars (Alpaca)', LatestParams) },
    async (request) => {
      const assets = await assetsOf(request.params.loc, request.query.symbols);
      const bars: Record<string, unknown> = {};
      for (const asset of assets) {
        const bar = await latestBar(ctx.db, asset);
        if (bar) bars[asset.alpacaSymbol] = bar;
      }
      return { bars };
    },
  );

  app.get(
    `${base}/latest/trades`,
    { ...keyed, schema: schema('Latest crypto trades (Alpaca)', LatestParams) },
    async (request) => {
      const assets = await assetsOf(request.params.loc, request.query.symbols);
      const trades: Record<string, unknown> = {};
      for (const asset of assets) {
        const minute = await candleAt(ctx.db, asset.id, '1m', asset.updatedAt);
        trades[asset.alpacaSymbol] = latestTrade(asset, minute?.open);
      }
      return { trades };
    },
  );

  app.get(
    `${base}/latest/quotes`,
    { ...keyed, schema: schema('Latest crypto quotes (Alpaca)', LatestParams) },
    async (request) => {
      const assets = await assetsOf(request.params.loc, request.query.symbols);
      const now = Date.now();
      const quotes: Record<string, unknown> = {};
      for (const asset of assets)
        quotes[asset.alpacaSymbol] = (
          await loadQuoteAndBook(ctx.db, asset, ctx.config.marketSeed, now)
        ).quote;
      return { quotes };
    },
  );

  app.get(
    `${base}/latest/orderbooks`,
    { ...keyed, schema: schema('Latest crypto order books (Alpaca)', LatestParams) },
    async (request) => {
      const assets = await assetsOf(request.params.loc, request.query.symbols);
      const now = Date.now();
      const orderbooks: Record<string, unknown> = {};
      for (const asset of assets)
        orderbooks[asset.alpacaSymbol] = (
          await loadQuoteAndBook(ctx.db, asset, ctx.config.marketSeed, now)
        ).orderbook;
      return { orderbooks };
    },
  );

  app.get(
    `${base}/snapshots`,
    { ...keyed, schema: schema('Crypto snapshots (Alpaca)', LatestParams) },
    async (request) => {
      const assets = await assetsOf(request.params.loc, request.query.symbols);
      const now = Date.now();
      const snapshots: Record<string, unknown> = {};
      for (const asset of assets) {
        const [minute, day, prevDay, book] = await Promise.all([
          candleAt(ctx.db, asset.id, '1m', asset.updatedAt),
          candleAt(ctx.db, asset.id, '1d', asset.updatedAt),
          candleAt(ctx.db, asset.id, '1d', asset.updatedAt, 1),
          loadQuoteAndBook(ctx.db, asset, ctx.config.marketSeed, now),
        ]);
        snapshots[asset.alpacaSymbol] = {
          latestTrade: latestTrade(asset, minute?.open),
          latestQuote: book.quote,
          minuteBar: minute ? toBar(asset, [minute], 1, minute.start) : null,
          dailyBar: day ? toBar(asset, [day], 1440, day.start) : null,
          prevDailyBar: prevDay ? toBar(asset, [prevDay], 1440, prevDay.start) : null,
        };
      }
      return { snapshots };
    },
  );
}
