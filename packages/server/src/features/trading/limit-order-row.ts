import type { Selectable } from 'kysely';
import type { LimitOrdersTable } from '../../db/schema.ts';

/**
 * A working or finished order as stored. Its own file, so the order legs (oco-legs.ts) and the
 * fill batch can name it without importing limit-orders.ts, which imports them.
 */
export type LimitOrderRow = Selectable<LimitOrdersTable>;
