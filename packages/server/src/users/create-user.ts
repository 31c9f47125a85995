import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { STARTING_BALANCE_CENTS, type AccountType } from '@papertrade/domain';
import type { DB } from '../db/schema.ts';
import { newId } from '../db/new-id.ts';

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

/** A portfolio row with `cents` of cash: a user's main one, or a contest membership's. */
export async function insertPortfolio(
  db: Kysely<DB> | Transaction<DB>,
  p: {
    id: string;
    userId: string;
    kind: 'MAIN' | 'CONTEST';
    contestId: string | null;
    walletAddress: string;
    cents: bigint;
  },
  now: number,
): Promise<void> {
  await db
    .insertInto('portfolios')
    .values({
      id: p.id,
      user_id: p.userId,
      kind: p.kind,
      contest_id: p.contestId,
      wallet_address: p.walletAddress,
      cash_cents: p.cents,
      starting_balance_cents: p.cents,
      epoch: 0,
      reset_at: null,
      created_at: now,
      closed_at: null,
    })
    .execute();
}

/**
 * Inserts the login and its main portfolio (same id, same wallet), inside the caller's
 * transaction, so sign-up never leaves half an account behind. Throws on a duplicate e-mail or username
 * (unique constraints); the caller turns that into 409.
 */
export async function insertUser(
  db: Kysely<DB> | Transaction<DB>,
  user: NewUser,
  now = Date.now(),
) {
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
    settings: '{}',
    watchlist: '[]',
    created_at: now,
  };
  await db.insertInto('users').values(row).execute();
  const main = {
    id: row.id,
    userId: row.id,
    kind: 'MAIN' as const,
    contestId: null,
    walletAddress: row.wallet_address,
  };
  await insertPortfolio(db, { ...main, cents: STARTING_BALANCE_CENTS }, now);
  return { id: row.id, walletAddress: row.wallet_address };
}
