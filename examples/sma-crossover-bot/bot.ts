/**
 * A moving-average crossover bot with a stop-loss, written against Alpaca's API with nothing but
 * the official SDK (@alpacahq/alpaca-trade-api). It runs unchanged against Alpaca's paper trading
 * or against PaperTrade: only the base URLs and the key change (README.md beside this file).
 *
 * Every step it reads the symbol's latest trade and keeps the last `SLOW` prices. When the fast
 * average crosses above the slow one and it holds nothing, it buys `QTY` at the market as an `oto`
 * order whose stop-loss leg sells everything `STOP_LOSS_PERCENT` below the price. When the fast
 * average crosses below the slow one and it holds the symbol, it cancels the stop and sells.
 */
import { marketData, trading } from '@alpacahq/alpaca-trade-api';
import { pathToFileURL } from 'node:url';

export interface BotConfig {
  /** The Trading API's origin: https://paper-api.alpaca.markets, or PaperTrade's. */
  tradingUrl: string;
  /** The Market Data API's origin: https://data.alpaca.markets, or PaperTrade's. */
  dataUrl: string;
  keyId: string;
  secret: string;
  /** A crypto pair, as Alpaca writes it: BTC/USD. */
  symbol: string;
  /** The windows of the two simple moving averages, in steps (prices read). */
  fast: number;
  slow: number;
  /** What one buy buys, in units of the asset, as a decimal string ("0.01"). */
  qty: string;
  /** How far below the buy's price the stop-loss sits, in percent. */
  stopLossPercent: number;
  /** Time between two steps when run as a program. */
  pollMs: number;
}

/** The configuration from environment variables (README.md lists them with their defaults). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): BotConfig {
  const need = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`Set ${name} (see README.md)`);
    return value;
  };
  const int = (name: string, fallback: number): number => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${name} must be a whole number > 0`);
    return value;
  };
  const tradingUrl = env.APCA_API_BASE_URL ?? 'https://paper-api.alpaca.markets';
  const config: BotConfig = {
    tradingUrl,
    dataUrl: env.APCA_API_DATA_URL ?? 'https://data.alpaca.markets',
    keyId: need('APCA_API_KEY_ID'),
    secret: need('APCA_API_SECRET_KEY'),
    symbol: env.SYMBOL ?? 'BTC/USD',
    fast: int('FAST_WINDOW', 5),
    slow: int('SLOW_WINDOW', 20),
    qty: env.QTY ?? '0.01',
    stopLossPercent: Number(env.STOP_LOSS_PERCENT ?? 2),
    pollMs: int('POLL_MS', 1000),
  };
  if (config.fast >= config.slow) throw new Error('FAST_WINDOW must be below SLOW_WINDOW');
  if (!(config.stopLossPercent > 0 && config.stopLossPercent < 100))
    throw new Error('STOP_LOSS_PERCENT must be between 0 and 100');
  return config;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** 'up' when the fast average crossed above the slow one at the last price, 'down' below. */
export function crossing(
  prices: readonly number[],
  fast: number,
  slow: number,
): 'up' | 'down' | null {
  if (prices.length < slow + 1) return null;
  const before = prices.slice(-slow - 1, -1);
  const now = prices.slice(-slow);
  const fastBefore = mean(before.slice(-fast));
  const slowBefore = mean(before);
  const fastNow = mean(now.slice(-fast));
  const slowNow = mean(now);
  if (fastBefore <= slowBefore && fastNow > slowNow) return 'up';
  if (fastBefore >= slowBefore && fastNow < slowNow) return 'down';
  return null;
}

/** What one step did. */
export type StepAction =
  | { kind: 'wait'; price: number }
  | { kind: 'buy'; price: number; order: trading.Order }
  | { kind: 'sell'; price: number; order: trading.Order };

export function createBot(config: BotConfig, log: (line: string) => void = console.log) {
  const credentials = { keyId: config.keyId, secret: config.secret };
  const tradingConfig = new trading.Configuration({ basePath: config.tradingUrl, ...credentials });
  const orders = new trading.OrdersApi(tradingConfig);
  const positions = new trading.PositionsApi(tradingConfig);
  const data = new marketData.CryptoApi(
    new marketData.Configuration({ basePath: config.dataUrl, ...credentials }),
  );
  const prices: number[] = [];

  async function latestPrice(): Promise<number> {
    const answer = await data.cryptoLatestTrades({ loc: 'us', symbols: config.symbol });
    const trade = answer.trades[config.symbol];
    if (!trade) throw new Error(`no latest trade for ${config.symbol}`);
    return trade.p;
  }

  async function held(): Promise<boolean> {
    const open = await positions.getAllOpenPositions();
    return open.some((p) => p.symbol === config.symbol && Number(p.qty) > 0);
  }

  async function buy(price: number): Promise<trading.Order> {
    const stopPrice = (price * (1 - config.stopLossPercent / 100)).toFixed(2);
    const order = await orders.postOrder({
      postOrderRequest: {
        symbol: config.symbol,
        qty: config.qty,
        side: 'buy',
        type: 'market',
        timeInForce: 'gtc',
        // One order: the buy, and the stop-loss that opens for what it bought.
        orderClass: 'oto',
        stopLoss: { stopPrice },
        clientOrderId: `sma-buy-${Date.now()}`,
      },
    });
    log(`buy ${config.qty} ${config.symbol} at ~${price}, stop-loss at ${stopPrice}: ${order.id}`);
    return order;
  }

  async function sell(price: number): Promise<trading.Order> {
    // The stop-loss holds the shares: cancel it first, then sell what is held.
    const open = await orders.getAllOrders({ status: 'open', symbols: config.symbol });
    for (const order of open) await orders.deleteOrderByOrderID({ orderId: order.id ?? '' });
    const order = await positions.deleteOpenPosition({ symbolOrAssetId: config.symbol });
    log(`sell ${config.symbol} at ~${price} (fast average crossed below slow): ${order.id}`);
    return order;
  }

  /** One step: read the price, and buy or sell on a crossing. */
  async function step(): Promise<StepAction> {
    const price = await latestPrice();
    prices.push(price);
    if (prices.length > config.slow + 1) prices.shift();
    const cross = crossing(prices, config.fast, config.slow);
    if (cross === 'up' && !(await held())) return { kind: 'buy', price, order: await buy(price) };
    if (cross === 'down' && (await held()))
      return { kind: 'sell', price, order: await sell(price) };
    return { kind: 'wait', price };
  }

  return { step, prices };
}

/** Runs until Ctrl-C, one step every `pollMs`. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const bot = createBot(config, log);
  let running = true;
  process.on('SIGINT', () => {
    running = false;
  });
  log(
    `${config.symbol}: SMA ${config.fast}/${config.slow}, stop-loss ${config.stopLossPercent}%, every ${config.pollMs} ms`,
  );
  while (running) {
    try {
      await bot.step();
    } catch (error) {
      log(`step failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, config.pollMs));
  }
}

function log(line: string): void {
  console.log(`${new Date().toISOString()} ${line}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
