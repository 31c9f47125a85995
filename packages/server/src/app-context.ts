import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { GroupCommit } from './db/group-commit.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { SessionCache } from './features/auth/session-cache.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Market } from './market/market.ts';
import type { OrderBooks } from './market/order-books.ts';
import type { DrainState } from './observability/drain-state.ts';
import type { OrderInputsCache } from './ledger/order-inputs.ts';
import type { Metrics } from './observability/metrics.ts';
import type { EventBus } from './realtime/event-bus.ts';
import type { BalancePointCaches } from './users/balance-point-caches.ts';
import type { MoneyRecordCache } from './users/money-record-cache.ts';

/** What features get from app.ts; they never reach into each other. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  bus: EventBus;
  mailer: Mailer;
  market: Market;
  /** Counters and histograms for /metrics; features count through it. */
  metrics: Metrics;
  /** The balance points already final, kept between User records (users/balance-point-caches.ts). */
  balancePointCaches: BalancePointCaches;
  /** The money record of the portfolios that traded last (users/money-record-cache.ts). */
  moneyRecords: MoneyRecordCache;
  /**
   * What the last market order of each portfolio here left, so the next one need not read it
   * under a lock (ledger/order-inputs.ts); absent: every order takes the lock.
   */
  orderInputs?: OrderInputsCache;
  /**
   * The simulated books as market orders walk them, with what takers consumed
   * (market/order-books.ts); absent: every order fills IDEAL.
   */
  orderBooks?: OrderBooks;
  /** The sessions checked lately, dropped when they end (features/auth/session-cache.ts). */
  sessionCache: SessionCache;
  /** Set on SIGTERM: /ready answers 503 from then on. */
  drain: DrainState;
  /**
   * This instance's open /live sockets, for features that push messages of their own (a
   * contest's board); registered by realtime/live-routes.ts, absent until then.
   */
  live?: LiveUsers;
  /**
   * Market orders of different portfolios sharing one transaction and one commit (SQLite only,
   * where it measured faster: docs/decisions/022-lean-order-path.md); absent: one each.
   */
  orderGroups?: GroupCommit;
}

export interface LiveUsers {
  /** The users with at least one open socket on this instance. */
  connectedUserIds(): Iterable<string>;
  /** Sends `message` (serialized once) to every open socket of these users. */
  sendToUsers(userIds: Iterable<string>, message: unknown): void;
}

/** A feature's HTTP routes: app.ts registers each in a scope of its own. */
export type Routes = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
