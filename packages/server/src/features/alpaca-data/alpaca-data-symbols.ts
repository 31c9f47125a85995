import type { FastifyError, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Alpaca's names for our assets (`BTC/USD` for the asset whose symbol is BTC: every asset is
 * quoted in USD) and Alpaca's error answer, for the market data routes and streams
 * (docs/decisions/032-alpaca-data-and-streams.md).
 */
export const QUOTE_CURRENCY = 'USD';

export const toAlpacaSymbol = (symbol: string) => `${symbol}/${QUOTE_CURRENCY}`;

export interface DataAsset {
  id: string;
  symbol: string;
  alpacaSymbol: string;
  price: bigint;
  updatedAt: number;
}

/** Every asset, in Alpaca's symbol order (alphabetical), with its price and tick time. */
export async function loadDataAssets(db: Kysely<DB>): Promise<DataAsset[]> {
  const rows = await db
    .selectFrom('assets')
    .select(['id', 'symbol', 'price', 'updated_at'])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      symbol: row.symbol,
      alpacaSymbol: toAlpacaSymbol(row.symbol),
      price: BigInt(row.price),
      updatedAt: Number(row.updated_at),
    }))
    .sort((a, b) => (a.alpacaSymbol < b.alpacaSymbol ? -1 : 1));
}

/** Alpaca's error answer: `{code, message}` with its 8-digit codes (status + 5 digits). */
export class AlpacaError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const alpacaBadRequest = (message: string) => new AlpacaError(400, message);

/**
 * The symbols of a `symbols` parameter (comma-separated, `BTC/USD`), in the order asked, each
 * once. Alpaca answers 400 for a symbol it does not know; so do we, naming it, and for a pair
 * quoted in anything but USD, saying so.
 */
export function pickAssets(all: readonly DataAsset[], symbols: string | undefined): DataAsset[] {
  if (!symbols) throw alpacaBadRequest('missing symbols');
  const bySymbol = new Map(all.map((a) => [a.alpacaSymbol, a]));
  const picked = new Map<string, DataAsset>();
  for (const raw of symbols.split(',')) {
    const wanted = raw.trim().toUpperCase();
    if (wanted === '') continue;
    const asset = bySymbol.get(wanted);
    if (!asset) {
      const quote = wanted.split('/')[1];
      if (quote !== undefined && quote !== QUOTE_CURRENCY)
        throw alpacaBadRequest(`invalid symbol: ${raw.trim()} (every pair here is quoted in USD)`);
      throw alpacaBadRequest(`invalid symbol: ${raw.trim()}`);
    }
    picked.set(asset.alpacaSymbol, asset);
  }
  if (picked.size === 0) throw alpacaBadRequest('missing symbols');
  return [...picked.values()];
}

const ALPACA_CODES: Record<number, number> = {
  400: 40010000,
  401: 40110000,
  403: 40310000,
  404: 40410000,
  422: 42210000,
  429: 42910000,
};

/**
 * On these routes every failure answers in Alpaca's shape, `{code, message}`, so its SDKs raise
 * their own errors: ours (the key guard's 401/403/429), the request's validation and Alpaca's own.
 */
export function useAlpacaErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | AppError | AlpacaError, request, reply) => {
    let status = 500;
    let message = 'internal server error';
    if (error instanceof AlpacaError) {
      status = error.status;
      message = error.message;
    } else if (error instanceof AppError) {
      status = error.statusCode;
      message = error.message;
    } else if ('validation' in error && error.validation) {
      status = 400;
      message = `invalid request: ${error.message}`;
    } else if (typeof error.statusCode === 'number' && error.statusCode < 500) {
      status = error.statusCode;
      message = error.message;
    } else {
      request.log.error({ err: error }, 'alpaca data route failed');
    }
    return reply.status(status).send({ code: ALPACA_CODES[status] ?? status * 100000, message });
  });
}
