import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { Market } from './market.ts';

export function createMarket(_db: Kysely<DB>, _bus: EventBus, _config: Config): Market {
  throw new Error('createMarket: not implemented yet');
}
