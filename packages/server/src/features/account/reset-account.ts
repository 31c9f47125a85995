import { centsFromNumber, formatUsd } from '@papertrade/domain';
import type { AppContext } from '../../app-context.ts';
import { inPortfolioTransaction } from '../../db/transaction.ts';
import { badRequest } from '../../http/app-error.ts';
import { startNewEpoch } from '../../ledger/ledger.ts';
import { notify } from '../../users/notify.ts';
import { recordBalanceSnapshot } from '../../users/total-balance.ts';

/**
 * Starts the account over with `startingBalance` dollars. Working orders are cancelled and their
 * reservations simply dropped (the cash is replaced anyway); lots and lot totals (free shares included) go. Transactions,
 * orders and snapshots stay under the old epoch, which is what makes them archived history.
 * It holds the main portfolio's row lock from the first statement, so every order of it runs
 * wholly before it (and is reset away) or wholly after it (in the new epoch).
 */
export async function resetAccount(
  ctx: AppContext,
  userId: string,
  input: { startingBalance: number; resetAccountData?: number | undefined },
  now = Date.now(),
): Promise<void> {
  const cents = centsFromNumber(input.startingBalance);
  if (cents === null)
    throw badRequest(
      'VALIDATION_ERROR',
      'Starting balance must be a dollar amount',
      'startingBalance',
    );
  // The main portfolio's lock (its id is the user's): every order of it runs wholly before or after.
  await inPortfolioTransaction(ctx.db, userId, async (trx, portfolio) => {
    await startNewEpoch(trx, portfolio, cents, input.resetAccountData ?? now, now);
    await recordBalanceSnapshot(trx, userId, now);
    await notify(
      trx,
      {
        userId,
        type: 'INFORMATIVE',
        text: `Your account was reset to ${formatUsd(input.startingBalance)}`,
        url: '/home',
      },
      now,
    );
  });
}
