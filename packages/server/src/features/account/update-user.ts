import { existsSync } from 'node:fs';
import path from 'node:path';
import { UPDATABLE_USER_KEYS, UpdatesByKey } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { DB } from '../../db/schema.ts';
import { inUserTransaction } from '../../db/transaction.ts';
import { badRequest, conflict } from '../../http/app-error.ts';
import { uniqueViolation } from '../auth/public.ts';
import { updateNotifications } from './notification-update.ts';
import { mergeSettings } from './settings-update.ts';
import { ownedBy, removeUpload, uploadFileOf, uploadsDir } from './upload-files.ts';

type Key = (typeof UPDATABLE_USER_KEYS)[number];
const isUpdatableKey = (key: string): key is Key =>
  (UPDATABLE_USER_KEYS as readonly string[]).includes(key);

const usernameTaken = () => conflict('USERNAME_TAKEN', 'That username is already taken');

function parseUpdates<S extends z.ZodType>(schema: S, updates: unknown): z.infer<S> {
  const parsed = schema.safeParse(updates);
  if (!parsed.success)
    throw badRequest(
      'VALIDATION_ERROR',
      parsed.error.issues[0]?.message ?? 'Invalid updates',
      'updates',
    );
  return parsed.data;
}

async function setUsername(ctx: AppContext, userId: string, username: string) {
  const lower = username.toLowerCase();
  const holder = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username_lower', '=', lower)
    .executeTakeFirst();
  if (holder && holder.id !== userId) throw usernameTaken();
  try {
    await inUserTransaction(ctx.db, userId, (trx) =>
      trx
        .updateTable('users')
        .set({ username, username_lower: lower })
        .where('id', '=', userId)
        .execute(),
    );
  } catch (error) {
    if (uniqueViolation(error) === 'username') throw usernameTaken();
    throw error;
  }
}

/** Only a picture this user uploaded (or none) may become the avatar; never an outside URL. */
async function setAvatar(ctx: AppContext, userId: string, url: string | null) {
  const file = url === null ? null : uploadFileOf(url);
  if (
    url !== null &&
    (!file ||
      !ownedBy(file, userId) ||
      !existsSync(path.join(uploadsDir(ctx.config.dataDir), file)))
  ) {
    throw badRequest(
      'INVALID_AVATAR',
      'Upload the picture first, then use the address the upload returned',
      'updates',
    );
  }
  const before = await inUserTransaction(ctx.db, userId, async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await trx.updateTable('users').set({ avatar: url }).where('id', '=', userId).execute();
    return row;
  });
  const oldFile = uploadFileOf(before.avatar);
  if (oldFile && oldFile !== file && ownedBy(oldFile, userId))
    await removeUpload(ctx.config.dataDir, oldFile);
}

async function setColumn(
  db: Kysely<DB>,
  userId: string,
  values: { display_name: string } | { account_type: string },
) {
  await inUserTransaction(db, userId, (trx) =>
    trx.updateTable('users').set(values).where('id', '=', userId).execute(),
  );
}

/** PUT /update-user: one writable key at a time; everything else about a user is not writable here. */
export async function updateUser(
  ctx: AppContext,
  userId: string,
  key: string,
  updates: unknown,
): Promise<void> {
  if (!isUpdatableKey(key))
    throw badRequest('FORBIDDEN_KEY', `'${key}' cannot be changed here`, 'key');
  const { db } = ctx;
  switch (key) {
    case 'settings':
      return mergeSettings(db, userId, parseUpdates(UpdatesByKey.settings, updates));
    case 'notifications':
      return updateNotifications(db, userId, parseUpdates(UpdatesByKey.notifications, updates));
    case 'username':
      return setUsername(ctx, userId, parseUpdates(UpdatesByKey.username, updates));
    case 'displayName':
      return setColumn(db, userId, {
        display_name: parseUpdates(UpdatesByKey.displayName, updates),
      });
    case 'avatar':
      return setAvatar(ctx, userId, parseUpdates(UpdatesByKey.avatar, updates));
    case 'accountType':
      return setColumn(db, userId, {
        account_type: parseUpdates(UpdatesByKey.accountType, updates),
      });
  }
}
