import { randomBytes } from 'node:crypto';
import { STARTING_BALANCE_CENTS } from '@papertrade/domain';
import type { App } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { newId } from '../src/db/new-id.ts';
import { updateUser } from './calls.ts';
import type { TestUser } from './test-app.ts';
import { insertPortfolio, newWalletAddress } from '../src/users/create-user.ts';

/** Shared by the fee tests (decision 013): realism settings, and a running contest with a fee. */

export function setRealism(
  app: App,
  user: TestUser,
  settings: {
    trading_fee_bps?: number | null;
    trading_fee_min_usd?: number | null;
    spread_bps?: number | null;
    fill_model?: 'BOOK' | 'IDEAL' | null;
  },
) {
  return updateUser(app, user, 'settings', settings);
}

/**
 * A contest running from an hour ago to tomorrow with this fee, and a portfolio of `user` in it
 * with the usual starting balance, written straight into the tables (the contest routes have their own tests).
 * Answers the user as seen through that portfolio's wallet.
 */
export async function contestPortfolio(
  ctx: AppContext,
  user: TestUser,
  fee: { bps: number; minCents: number },
): Promise<TestUser> {
  const now = Date.now();
  const contestId = newId(now);
  await ctx.db
    .insertInto('contests')
    .values({
      id: contestId,
      owner_id: user.id,
      name: 'Fee cup',
      description: '',
      kind: 'CONTEST',
      visibility: 'PRIVATE',
      starting_balance_cents: STARTING_BALANCE_CENTS,
      starts_at: now - 3_600_000,
      ends_at: now + 86_400_000,
      allowed_symbols: '[]',
      order_types: '[]',
      fee_bps: fee.bps,
      fee_min_cents: fee.minCents,
      lessons: '[]',
      join_code: randomBytes(6).toString('hex'),
      created_at: now,
      closed_at: null,
    })
    .execute();
  const walletAddress = newWalletAddress();
  const id = newId(now);
  await insertPortfolio(
    ctx.db,
    {
      id,
      userId: user.id,
      kind: 'CONTEST',
      contestId,
      walletAddress,
      cents: STARTING_BALANCE_CENTS,
    },
    now,
  );
  return { ...user, id, walletAddress, headers: { ...user.headers, wallet: walletAddress } };
}
