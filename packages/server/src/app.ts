import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext, Routes } from './app-context.ts';
import { registerJobs } from './background-jobs.ts';
import type { Config } from './config.ts';
import { groupCommit } from './db/group-commit.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { accountRoutes } from './features/account/routes.ts';
import { alpacaDataRoutes } from './features/alpaca-data/routes.ts';
import { alpacaStreamRoutes } from './features/alpaca-data/stream-routes.ts';
import { alertsFeature } from './features/alerts/feature.ts';
import { registerApiKeyBoundary } from './features/api-keys/api-key-guard.ts';
import { alpacaTradingRoutes } from './features/alpaca-trading/routes.ts';
import { apiKeyRoutes } from './features/api-keys/routes.ts';
import { assignmentRoutes } from './features/assignments/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { contestsFeature } from './features/contests/feature.ts';
import { exploreRoutes } from './features/explore/routes.ts';
import { registerSessionResolver } from './features/auth/guard.ts';
import { createSessionCache } from './features/auth/session-cache.ts';
import { lessonRoutes } from './features/lessons/routes.ts';
import { marketRoutes } from './features/market/routes.ts';
import { portfolioFeature } from './features/portfolio/feature.ts';
import { socialRoutes } from './features/social/routes.ts';
import { tradingFeature } from './features/trading/feature.ts';
import { watchlistRoutes } from './features/watchlist/routes.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { answerClientError, answerFrameworkError } from './http/framework-errors.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerTextCheck } from './http/text-input.ts';
import { registerWebApp } from './http/web-app.ts';
import { createMailer } from './mail/create-mailer.ts';
import { createMarket } from './market/create-market.ts';
import { createDrainState } from './observability/drain-state.ts';
import { logOptions } from './observability/log-options.ts';
import { createMetrics } from './observability/metrics.ts';
import { registerObservability } from './observability/register-observability.ts';
import { tickOutcome } from './observability/tick-outcome.ts';
import { createInProcessBus, type EventBus } from './realtime/event-bus.ts';
import { createPgBus } from './realtime/pg-event-bus.ts';
import { liveRoutes } from './realtime/live-routes.ts';
import { createBalancePointCaches } from './users/balance-point-caches.ts';
import { createOrderInputsCache } from './ledger/order-inputs.ts';
import { withFedBooks } from './market/fed-books.ts';
import { createOrderBooks } from './market/order-books.ts';
import { createMoneyRecordCache } from './users/money-record-cache.ts';

export type App = FastifyInstance;

/** 100 KB: a User answer is far smaller; anything bigger is a mistake or an attack. */
export const BODY_LIMIT = 100 * 1024;

export interface BuildOptions {
  config: Config;
  database?: Database;
  bus?: EventBus;
  logger?: boolean | object;
}

/** Builds the whole app as a value: tests use it with app.inject, main.ts listens on a port. */
export async function buildApp(options: BuildOptions): Promise<{ app: App; ctx: AppContext }> {
  const { config } = options;
  const database =
    options.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database);
  const metrics = createMetrics();
  // Several instances share one PostgreSQL: changes reach every instance's sockets via LISTEN/NOTIFY.
  const bus =
    options.bus ??
    (database.dialect === 'postgres' && config.databaseUrl
      ? createPgBus(config.databaseUrl, { onLag: metrics.observeBusLag })
      : createInProcessBus());
  const orderInputs = createOrderInputsCache();
  const market = createMarket(database.db, bus, config, {
    onTickDone: (ms, results) => metrics.recordTick(ms, tickOutcome(results)),
    onPricesStored: (prices) => {
      for (const [symbol, price] of prices) orderInputs.notePrice(symbol, price);
    },
    feedMetrics: metrics.feed,
  });
  if (config.marketFeed !== 'simulator')
    metrics.feed.countStaleAssets(
      async () => (await market.listAssets()).filter((a) => a.stale).length,
    );
  const mailer = createMailer(config);
  const simulatedBooks = createOrderBooks(database.db, bus, config.marketSeed, config.fillModel);
  // With the live feed, orders walk the exchange's book instead (docs/decisions/033-coinbase-feed.md).
  const orderBooks =
    config.marketFeed === 'coinbase'
      ? withFedBooks(simulatedBooks, database.db, bus, config.marketStaleMs, market)
      : simulatedBooks;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    bus,
    mailer,
    market,
    metrics,
    drain: createDrainState(),
    balancePointCaches: createBalancePointCaches(),
    moneyRecords: createMoneyRecordCache(),
    orderInputs,
    orderBooks,
    sessionCache: createSessionCache(bus),
    orderGroups: database.dialect === 'sqlite' ? groupCommit(database.db) : undefined,
  };

  const app = Fastify({
    logger: options.logger ?? logOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    // Behind a load balancer the client's address is in X-Forwarded-For (per-IP login limits).
    trustProxy: config.trustProxy ?? false,
    // On close, idle keep-alive connections end at once; requests in flight are answered first.
    forceCloseConnections: 'idle',
    // Bad URL encodings, over-long path parameters and requests Node's parser refuses (431) answer
    // `{error, code}` like every other failure, without quoting the request.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerTextCheck(app);
  registerSecurityHeaders(app, config);
  registerObservability(app, ctx);
  // gzip/brotli for the web app's scripts and larger JSON answers (the User record, asset lists).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  registerSessionResolver(app, ctx);
  registerApiKeyBoundary(app);
  await registerApiDocs(app);

  // Features with background work hand over their routes and, separately, their jobs; a feature's
  // routes and jobs share what they must (the contest board cache, the batched balance points).
  const contests = contestsFeature(ctx, app.log);
  const trading = tradingFeature(ctx, app.log);
  const portfolio = portfolioFeature(ctx, app.log);
  const alerts = alertsFeature(ctx, app.log);

  const routes: Routes[] = [
    authRoutes,
    marketRoutes,
    contests.routes,
    trading.routes,
    portfolio.routes,
    watchlistRoutes,
    alerts.routes,
    accountRoutes,
    apiKeyRoutes,
    alpacaTradingRoutes,
    socialRoutes,
    exploreRoutes,
    lessonRoutes,
    assignmentRoutes,
    alpacaDataRoutes,
    // Alpaca's streams share /live's WebSocket server (features/alpaca-data/stream-routes.ts).
    async (scope, context) => {
      await liveRoutes(scope, context);
      alpacaStreamRoutes(scope, context);
    },
  ];
  for (const featureRoutes of routes) {
    await app.register(async (scope) => featureRoutes(scope, ctx));
  }

  // Every background job, in the order it runs (background-jobs.ts says when each kind runs).
  // Besides these: the market's own ticker (ctx.market.start(), main.ts), the /live heartbeat
  // (realtime/live-hub.ts) and SQLite's WAL checkpointer (db/wal-checkpointer.ts, the database's).
  const jobs = registerJobs(app, ctx, [
    // Inside each market tick, one after another. The contest end comes before the limit trigger:
    // a tick at or after a contest's end closes it, cancelling its working orders, before that
    // tick could fill any of them.
    contests.jobs.endContests,
    trading.jobs.limitTrigger,
    trading.jobs.replayTrigger,
    alerts.jobs.priceAlerts,
    // Timers of their own, while the market ticks by itself.
    portfolio.jobs.balanceSnapshots,
    contests.jobs.boardPushes,
    // Flushed when the app starts closing.
    trading.jobs.balancePoints,
    // What takers consumed of the books, stored by the tick's instance and on close
    // (docs/decisions/039-book-fills-without-a-lock.md).
    { name: 'book consumption', everyTick: () => orderBooks.save() },
    { name: 'book consumption on close', flushOnClose: () => orderBooks.save() },
  ]);
  // The books' inputs, read once the market has its assets (market.start() comes before ready).
  app.addHook('onReady', () => orderBooks.refresh());
  app.get('/health', { schema: { hide: true } }, () => ({ status: 'ok' }));
  await registerWebApp(app, config);

  app.addHook('onClose', async () => {
    await jobs.stop();
    await market.stop();
    orderBooks.close();
    ctx.sessionCache.close();
    await bus.close();
    if (!options.database) await database.close();
  });
  return { app, ctx };
}
