import {
  alertReached,
  BoundsError,
  checkPrice,
  MAX_ACTIVE_ALERTS,
  MAX_TRIGGERED_ALERTS,
  priceFromNumber,
  priceToNumber,
  type Alert,
  type AlertDirection,
  type CreateAlertBody,
} from '@papertrade/domain';
import { sql, type Kysely, type Selectable } from 'kysely';
import { newId } from '../../db/new-id.ts';
import type { DB, PriceAlertsTable } from '../../db/schema.ts';
import { inUserTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { priceText } from '../../ledger/money-text.ts';

export type AlertRow = Selectable<PriceAlertsTable>;

export function toAlert(row: AlertRow): Alert {
  const level = priceToNumber(BigInt(row.price));
  return {
    id: row.id,
    symbol: row.symbol,
    ...(row.direction === 'ABOVE' ? { above: level } : { below: level }),
    createdAt: Number(row.created_at),
    ...(row.triggered_at === null ? {} : { triggeredAt: Number(row.triggered_at) }),
  };
}

function levelOf(body: CreateAlertBody): {
  direction: AlertDirection;
  field: 'above' | 'below';
  price: bigint;
} {
  const field = body.above !== undefined ? 'above' : 'below';
  // The body schema has checked the decimals; this is the exact value, never a float.
  const price = priceFromNumber(body[field] ?? 0);
  if (price === null || price <= 0n)
    throw badRequest('VALIDATION_ERROR', 'A price has at most 8 decimals', field);
  try {
    checkPrice(price);
  } catch (error) {
    if (error instanceof BoundsError) throw badRequest(error.code, error.message, field);
    throw error;
  }
  return { direction: field === 'above' ? 'ABOVE' : 'BELOW', field, price };
}

/**
 * Creates a waiting alert. Under the user's row lock, so two requests at once cannot both pass
 * the count; the user's oldest fired alerts beyond the kept number go in the same transaction,
 * which is what keeps a user's rows (and GET /alerts) bounded.
 */
export async function createAlert(
  db: Kysely<DB>,
  userId: string,
  body: CreateAlertBody,
  now = Date.now(),
): Promise<AlertRow> {
  const { direction, field, price } = levelOf(body);
  return inUserTransaction(db, userId, async (trx) => {
    const asset = await trx
      .selectFrom('assets')
      .select('price')
      .where('symbol', '=', body.symbol)
      .executeTakeFirst();
    if (!asset)
      throw badRequest(
        'UNKNOWN_SYMBOL',
        `Unknown symbol: ${body.symbol} is not a listed asset`,
        'symbol',
      );
    const current = BigInt(asset.price);
    if (alertReached(direction, price, current)) {
      const side = direction === 'ABOVE' ? 'above' : 'below';
      throw badRequest(
        'ALERT_ALREADY_REACHED',
        `${body.symbol} is at ${priceText(current)} now: an alert ${side} ${priceText(price)} would fire at once. Choose a price ${side} the current one.`,
        field,
      );
    }
    const { waiting } = await trx
      .selectFrom('price_alerts')
      .select((eb) => eb.fn.countAll<string | number | bigint>().as('waiting'))
      .where('user_id', '=', userId)
      .where('triggered_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(waiting) >= MAX_ACTIVE_ALERTS) {
      throw conflict(
        'TOO_MANY_ALERTS',
        `You already have ${MAX_ACTIVE_ALERTS} alerts waiting. Delete one to set another.`,
      );
    }
    await sql`DELETE FROM price_alerts WHERE user_id = ${userId} AND triggered_at IS NOT NULL AND id NOT IN (
      SELECT id FROM price_alerts WHERE user_id = ${userId} AND triggered_at IS NOT NULL
      ORDER BY triggered_at DESC, id DESC LIMIT ${MAX_TRIGGERED_ALERTS})`.execute(trx);
    const row: AlertRow = {
      id: newId(now),
      user_id: userId,
      symbol: body.symbol,
      direction,
      price,
      created_at: BigInt(now),
      triggered_at: null,
    };
    await trx.insertInto('price_alerts').values(row).execute();
    return row;
  });
}

/** Waiting alerts first, then fired ones, each newest first; at most the kept number of fired ones. */
export async function listAlerts(db: Kysely<DB>, userId: string): Promise<Alert[]> {
  const rows = await db
    .selectFrom('price_alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const waiting = rows
    .filter((r) => r.triggered_at === null)
    .sort((a, b) => (a.id < b.id ? 1 : -1));
  const fired = rows
    .filter((r) => r.triggered_at !== null)
    .sort(
      (a, b) =>
        Number(BigInt(b.triggered_at ?? 0n) - BigInt(a.triggered_at ?? 0n)) ||
        (a.id < b.id ? 1 : -1),
    )
    .slice(0, MAX_TRIGGERED_ALERTS);
  return [...waiting, ...fired].map(toAlert);
}

/** Deletes one of the user's alerts, waiting or fired. Someone else's is "not found", not "forbidden": ids say nothing. */
export async function deleteAlert(db: Kysely<DB>, userId: string, id: string): Promise<void> {
  const result = await db
    .deleteFrom('price_alerts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound('ALERT_NOT_FOUND', 'No such alert');
}
