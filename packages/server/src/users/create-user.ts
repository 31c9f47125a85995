import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AccountType } from '@papertrade/domain';
import type { DB } from '../db/schema.ts';
import { newId } from '../db/new-id.ts';

/** Every new account starts with this much demo cash (100,000 USD, in cents). */
export const STARTING_BALANCE_CENTS = 10_000_000n;

export interface NewUser {
  email: string;
  passwordHash: string;
  username: string;
  accountType?: AccountType;
}

/** `0x` + 40 hex characters; unique by the column's constraint (a clash is 1 in 2^160). */
export function newWalletAddress(): string {
  return `0x${randomBytes(20).toString('hex')}`;
}

/**
 * Inserts the login and the trading account as one row, inside the caller's transaction, so
 * sign-up never leaves half an account behind. Throws on a duplicate e-mail or username
 * (unique constraints); the caller turns that into 409.
 */
export async function insertUser(db: Kysely<DB> | Transaction<DB>, user: NewUser, now = Date.now()) {
  const row = {
    id: newId(now),
    email: user.email.trim().toLowerCase(),
    email_verified: 0,
    password_hash: user.passwordHash,
    username: user.username,
    username_lower: user.username.toLowerCase(),
    display_name: user.username,
    avatar: null,
    account_type: user.accountType ?? 'PERSONAL',
    wallet_address: newWalletAddress(),
    cash_cents: STARTING_BALANCE_CENTS,
    starting_balance_cents: STARTING_BALANCE_CENTS,
    settings: '{}',
    watchlist: '[]',
    epoch: 0,
    reset_at: null,
    created_at: now,
  };
  await db.insertInto('users').values(row).execute();
  return { id: row.id, walletAddress: row.wallet_address };
}
