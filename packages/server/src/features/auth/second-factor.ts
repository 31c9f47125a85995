import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { hashToken } from './tokens.ts';
import { matchTotpStep } from './totp.ts';

/*
 * The optional TOTP second factor (docs/api.md "Two-factor authentication"). The secret is stored
 * AES-256-GCM-encrypted under a key derived from the server key (secret-key.ts); recovery codes as
 * SHA-256, each deleted when used.
 */
export const RECOVERY_CODE_COUNT = 10;

export const totpRequired = () =>
  new AppError(401, 'TOTP_REQUIRED', 'Enter the code from your authenticator app');
export const invalidTotp = () =>
  new AppError(401, 'INVALID_TOTP', 'That authentication code is wrong or was already used');

const cipherKey = (serverKey: Buffer) =>
  createHash('sha256').update(serverKey).update('totp-secret').digest();

export function encryptSecret(serverKey: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey(serverKey), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
}

export function decryptSecret(serverKey: Buffer, stored: string): string {
  const [iv, tag, data] = stored.split('.').map((part) => Buffer.from(part, 'base64'));
  if (!iv || !tag || !data) throw new Error('malformed stored secret');
  const decipher = createDecipheriv('aes-256-gcm', cipherKey(serverKey), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** `xxxxx-xxxxx` of lowercase hex: 40 random bits each, single use. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

export const recoveryCodeHash = (code: string) =>
  hashToken(code.toLowerCase().replace(/[^0-9a-z]/g, ''));

export async function twoFactorEnabled(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('second_factors')
    .select('enabled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.enabled_at != null;
}

/**
 * Checks a login's second factor: a 6-digit code of a step after the last one used (the step is
 * recorded by a guarded update, so two requests cannot both use it), or an unused recovery code
 * (deleted by the same statement that finds it). False when neither.
 */
export async function useSecondFactor(
  db: Kysely<DB>,
  serverKey: Buffer,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const row = await db
    .selectFrom('second_factors')
    .select(['secret', 'last_step'])
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  if (!row) return false;
  const trimmed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchTotpStep(decryptSecret(serverKey, row.secret), trimmed, now);
    if (step === null) return false;
    const used = await db
      .updateTable('second_factors')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', BigInt(step))]))
      .executeTakeFirst();
    return used.numUpdatedRows > 0n;
  }
  const deleted = await db
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(trimmed))
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
