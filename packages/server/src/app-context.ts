import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Market } from './market/market.ts';
import type { EventBus } from './realtime/event-bus.ts';

/** What features get from app.ts; they never reach into each other. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  bus: EventBus;
  mailer: Mailer;
  market: Market;
}
