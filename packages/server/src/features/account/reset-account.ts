import { centsFromNumber, formatUsd } from '@papertrade/domain';
import type { AppContext } from '../../app-context.ts';
import { badRequest } from '../../http/app-error.ts';
import { notify } from '../../users/notify.ts';
import { recordBalanceSnapshot } from '../../users/total-balance.ts';

/**
 * Starts the account over with `startingBalance` dollars. Working orders are cancelled and their
 * reservations simply dropped (the cash is replaced anyway); holdings and lots go. Transactions,
 * orders and snapshots stay under the old epoch, which is what makes them archived history.
 */
export async function resetAccount(
  ctx: AppContext,
  userId: string,
  input: { startingBalance: number; resetAccountData?: number | undefined },
  now = Date.now(),
): Promise<void> {
  const cents = centsFromNumber(input.startingBalance);
  if (cents === null) throw badRequest('VALIDATION_ERROR', 'Starting balance must be a dollar amount', 'startingBalance');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('limit_orders')
      .set({ status: 'CANCELLED', closed_at: now })
      .where('user_id', '=', userId)
      .where('status', '=', 'WORKING')
      .execute();
    await trx.deleteFrom('holdings').where('user_id', '=', userId).execute();
    await trx.deleteFrom('lots').where('user_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set((eb) => ({
        cash_cents: cents,
        starting_balance_cents: cents,
        epoch: eb('epoch', '+', 1n),
        reset_at: input.resetAccountData ?? now,
      }))
      .where('id', '=', userId)
      .execute();
    await recordBalanceSnapshot(trx, userId, now);
    await notify(
      trx,
      { userId, type: 'INFORMATIVE', text: `Your account was reset to ${formatUsd(input.startingBalance)}`, url: '/home' },
      now,
    );
  });
}
