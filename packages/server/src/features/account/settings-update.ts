import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { realismSettingError, type SettingsUpdates } from '@papertrade/domain';
import type { DB } from '../../db/schema.ts';
import { inUserTransaction } from '../../db/transaction.ts';
import { badRequest } from '../../http/app-error.ts';

/** Settings are small preferences (theme, onboarding flags), not a place to store documents. */
export const MAX_SETTINGS = 50;
export const MAX_SETTING_LENGTH = 1000;

type SettingValue = string | number | boolean;

function parseSettings(json: string): Map<string, SettingValue> {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return new Map(Object.entries(value as Record<string, SettingValue>));
  } catch {
    // A damaged column starts over empty rather than locking the user out of their settings.
  }
  return new Map();
}

/**
 * Merges `updates` into the stored settings; a null value removes that key. Read and write happen
 * under the user's row lock, so calls saving different keys at once all land, one after another.
 */
export async function mergeSettings(
  db: Kysely<DB>,
  userId: string,
  updates: z.infer<typeof SettingsUpdates>,
) {
  for (const [key, value] of Object.entries(updates)) {
    if (typeof value === 'string' && value.length > MAX_SETTING_LENGTH)
      throw badRequest(
        'VALIDATION_ERROR',
        `Setting "${key}" is longer than ${MAX_SETTING_LENGTH} characters`,
        'updates',
      );
    // The realism settings price every fill of the main portfolio (decision 013): checked here,
    // the error on the setting's own key so the form shows it under its field.
    const realism = realismSettingError(key, value);
    if (realism) throw badRequest('VALIDATION_ERROR', realism, key);
  }
  await inUserTransaction(db, userId, async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select('settings')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const merged = parseSettings(row.settings);
    for (const [key, value] of Object.entries(updates)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    if (merged.size > MAX_SETTINGS)
      throw badRequest(
        'VALIDATION_ERROR',
        `At most ${MAX_SETTINGS} settings can be stored`,
        'updates',
      );
    // fromEntries defines own properties, so a key like "__proto__" stays a plain key.
    await trx
      .updateTable('users')
      .set({ settings: JSON.stringify(Object.fromEntries(merged)) })
      .where('id', '=', userId)
      .execute();
  });
}
