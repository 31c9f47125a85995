import {
  centsToNumber,
  returnPercentage,
  type AccountType,
  type Cents,
  type PublicProfile,
} from '@papertrade/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { notFound } from '../http/app-error.ts';
import { totalBalanceCents } from './total-balance.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Return since the current epoch's start, in percent with 2 decimals (what profiles and the leaderboard show). */
export function roundedReturnPercentage(totalCents: Cents, startingCents: Cents): number {
  return Math.round(returnPercentage(totalCents, startingCents) * 100) / 100;
}

async function countFollows(
  db: Db,
  column: 'follower_id' | 'followee_id',
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(column, '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * What anyone may see of a user: no e-mail, no cash, no holdings, only the total and its return.
 * `viewerId` is the signed-in caller (null for a visitor), for followedByMe.
 */
export async function loadPublicProfile(
  db: Db,
  userId: string,
  viewerId: string | null,
): Promise<PublicProfile> {
  const user = await db
    .selectFrom('users')
    .innerJoin('portfolios', 'portfolios.id', 'users.id')
    .select([
      'users.wallet_address',
      'users.username',
      'users.display_name',
      'users.avatar',
      'users.account_type',
      'portfolios.starting_balance_cents',
      'users.created_at',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound('USER_NOT_FOUND', 'No user has that wallet address');
  const [total, followers, following, followRow] = await Promise.all([
    totalBalanceCents(db, userId),
    countFollows(db, 'followee_id', userId),
    countFollows(db, 'follower_id', userId),
    viewerId && viewerId !== userId
      ? db
          .selectFrom('follows')
          .select('created_at')
          .where('follower_id', '=', viewerId)
          .where('followee_id', '=', userId)
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  return {
    walletAddress: user.wallet_address,
    username: user.username,
    displayName: user.display_name,
    avatar: user.avatar,
    accountType: user.account_type as AccountType,
    totalBalance: centsToNumber(total),
    returnPercentage: roundedReturnPercentage(total, BigInt(user.starting_balance_cents)),
    followers,
    following,
    createdAt: Number(user.created_at),
    followedByMe: followRow !== undefined,
  };
}

/** The id of the user owning a wallet address (addresses are stored lower-case), or undefined. */
export async function findUserIdByWallet(
  db: Db,
  walletAddress: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('wallet_address', '=', walletAddress.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}
