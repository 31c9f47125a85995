import { NO_FEE, type FeeRule } from '@papertrade/domain';
import type { Trx } from '../../db/transaction.ts';
import { badRequest, conflict } from '../../http/app-error.ts';
import { parseList } from './contest-record.ts';

/** What an order path needs to know of the portfolio it trades: its contest, if any. */
export interface TradingPortfolio {
  id: string;
  contestId: string | null;
}

const dateText = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/**
 * The contest's rules for one order (docs/api.md, Portfolios, contests and classes): inside [startsAt, endsAt), an allowed symbol
 * and order type; answers the contest's fee rule (the domain's trading-costs.ts charges it). Read inside the order's transaction, after its
 * portfolio lock: a contest's end takes the same lock to cancel working orders, and the window
 * is checked against the clock, so no order slips in after the end.
 */
export async function contestRulesFor(
  trx: Trx,
  portfolio: TradingPortfolio,
  order: { symbol: string; orderType: string },
  now: number,
): Promise<FeeRule> {
  if (!portfolio.contestId) return NO_FEE;
  const contest = await trx
    .selectFrom('contests')
    .select([
      'name',
      'starts_at',
      'ends_at',
      'closed_at',
      'allowed_symbols',
      'order_types',
      'fee_bps',
      'fee_min_cents',
    ])
    .where('id', '=', portfolio.contestId)
    .executeTakeFirst();
  if (!contest) throw conflict('CONTEST_NOT_RUNNING', 'This contest no longer exists');
  const startsAt = Number(contest.starts_at);
  const endsAt = Number(contest.ends_at);
  if (now < startsAt) {
    throw conflict(
      'CONTEST_NOT_RUNNING',
      `"${contest.name}" has not started yet: trading opens ${dateText(startsAt)}`,
    );
  }
  if (now >= endsAt || contest.closed_at !== null) {
    throw conflict(
      'CONTEST_NOT_RUNNING',
      `"${contest.name}" has ended: orders are closed and the final standings are on its page`,
    );
  }
  const symbols = parseList(contest.allowed_symbols);
  if (symbols.length && !symbols.includes(order.symbol)) {
    throw badRequest(
      'SYMBOL_NOT_ALLOWED',
      `${order.symbol} is not traded in "${contest.name}": it allows ${symbols.join(', ')}`,
      'symbol',
    );
  }
  const types = parseList(contest.order_types);
  if (types.length && !types.includes(order.orderType)) {
    const name = order.orderType.toLowerCase().replace('_', '-');
    throw badRequest(
      'ORDER_TYPE_NOT_ALLOWED',
      `"${contest.name}" does not allow ${name} orders: it allows ${types.map((t) => t.toLowerCase().replace('_', '-')).join(', ')}`,
      'orderType',
    );
  }
  return { bps: BigInt(contest.fee_bps), minCents: BigInt(contest.fee_min_cents) };
}
