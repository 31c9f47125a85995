import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGN_UPS_PER_IP } from './features/auth/request-limits.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** 0 stops automatic ticks; prices then move only through market control. */
  marketTickMs: number;
  marketControl: boolean;
  marketSeed: string;
  /** Days of history filled in when the database is new (tests use fewer). */
  marketHistoryDays: number;
  /** How often a follower instance tries to take the market lock: the failover delay (PostgreSQL). */
  marketLeaderRetryMs: number;
  /** Where prices come from: the offline simulator, or Coinbase Exchange's public feed (docs/market-data.md). */
  marketFeed: MarketFeed;
  /** The feed's WebSocket and REST hosts (tests point them at a local fake). */
  marketFeedWsUrl: string;
  marketFeedRestUrl: string;
  /** A fed price older than this is stale: shown greyed, and orders on it answer 409 MARKET_STALE. */
  marketStaleMs: number;
  smtpUrl: string | undefined;
  publicUrl: string;
  /** Built web app to serve at /, if present. */
  webDist: string;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed (addresses/CIDRs, comma-separated), e.g. the load balancer's. */
  trustProxy: string | undefined;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** How long /ready answers 503 before shutdown proceeds, so the load balancer stops routing here. */
  shutdownGraceMs: number;
  /**
   * HMAC key of the device cookies (login throttling). Unset: a random key generated on first
   * use and kept in the database, so every instance on it agrees (features/auth/secret-key.ts).
   */
  secretKey: string | undefined;
  /** Sign-ups allowed per client IP and hour (docs/api.md "Auth"). */
  signUpsPerIp: number;
  /** Requests per API key and minute, across instances (docs/api.md "API keys"). */
  apiKeyRatePerMin: number;
  /**
   * How market orders fill when neither the owner's `fill_model` setting nor the contest chooses
   * (docs/decisions/039-book-fills-without-a-lock.md): BOOK, or IDEAL for one price as before.
   */
  fillModel: 'BOOK' | 'IDEAL';
}

export type MarketFeed = 'simulator' | 'coinbase';

function feedOf(value: string | undefined): MarketFeed {
  if (value === undefined || value === '' || value === 'simulator') return 'simulator';
  if (value === 'coinbase') return 'coinbase';
  throw new Error(`MARKET_FEED must be "simulator" or "coinbase", got "${value}"`);
}

function fillModelOf(value: string | undefined): 'BOOK' | 'IDEAL' {
  if (value === undefined || value === '' || value === 'BOOK') return 'BOOK';
  if (value === 'IDEAL') return 'IDEAL';
  throw new Error(`FILL_MODEL must be "BOOK" or "IDEAL", got "${value}"`);
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function intOr(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intOr(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    marketTickMs: intOr(env.MARKET_TICK_MS, 1000, 'MARKET_TICK_MS'),
    marketControl: env.MARKET_CONTROL === '1',
    marketSeed: env.MARKET_SEED || 'papertrade',
    marketHistoryDays: intOr(env.MARKET_HISTORY_DAYS, 30, 'MARKET_HISTORY_DAYS'),
    marketLeaderRetryMs: intOr(env.MARKET_LEADER_RETRY_MS, 5000, 'MARKET_LEADER_RETRY_MS') || 5000,
    marketFeed: feedOf(env.MARKET_FEED),
    marketFeedWsUrl: env.MARKET_FEED_WS_URL || 'wss://ws-feed.exchange.coinbase.com',
    marketFeedRestUrl: (env.MARKET_FEED_REST_URL || 'https://api.exchange.coinbase.com').replace(
      /\/$/,
      '',
    ),
    marketStaleMs: intOr(env.MARKET_STALE_MS, 15_000, 'MARKET_STALE_MS') || 15_000,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'packages/web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    // Behind a load balancer (production) draining needs time; a developer's Ctrl-C should not wait.
    shutdownGraceMs: intOr(
      env.SHUTDOWN_GRACE_MS,
      env.NODE_ENV === 'production' ? 5000 : 0,
      'SHUTDOWN_GRACE_MS',
    ),
    secretKey: env.SECRET_KEY || undefined,
    signUpsPerIp: intOr(env.SIGNUP_LIMIT_PER_IP, SIGN_UPS_PER_IP, 'SIGNUP_LIMIT_PER_IP'),
    apiKeyRatePerMin: intOr(env.API_KEY_RATE_PER_MIN, 200, 'API_KEY_RATE_PER_MIN') || 200,
    fillModel: fillModelOf(env.FILL_MODEL),
  };
}
