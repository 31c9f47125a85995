import type { Cents } from '@papertrade/domain';
import type { Trx } from '../../db/transaction.ts';
import { badRequest, conflict } from '../../http/app-error.ts';

/** What an order path needs to know of the portfolio it trades: its contest, if any. */
export interface TradingPortfolio {
  id: string;
  contestId: string | null;
}

/** The fee a contest charges on each fill: max(minimum, total x bps / 10,000), in cents. */
export interface FeeRule {
  bps: bigint;
  minCents: Cents;
}

export const NO_FEE: FeeRule = { bps: 0n, minCents: 0n };

/**
 * The fee on a fill of `totalCents`, rounded up to the cent (a fee never rounds to nothing), and
 * never more than the fill itself: a sell's fee comes out of its proceeds, so cash cannot go
 * below zero.
 */
export function feeCents(rule: FeeRule, totalCents: Cents): Cents {
  if (rule.bps === 0n && rule.minCents === 0n) return 0n;
  const proportional = (totalCents * rule.bps + 9_999n) / 10_000n;
  const fee = proportional > rule.minCents ? proportional : rule.minCents;
  return fee < totalCents ? fee : totalCents;
}

const parseList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

const dateText = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/**
 * The contest's rules for one order (CONTRACT.md): inside [startsAt, endsAt), an allowed symbol
 * and order type; answers the fee rule to charge. Read inside the order's transaction, after its
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
    .select(['name', 'starts_at', 'ends_at', 'closed_at', 'allowed_symbols', 'order_types', 'fee_bps', 'fee_min_cents'])
    .where('id', '=', portfolio.contestId)
    .executeTakeFirst();
  if (!contest) throw conflict('CONTEST_NOT_RUNNING', 'This contest no longer exists');
  const startsAt = Number(contest.starts_at);
  const endsAt = Number(contest.ends_at);
  if (now < startsAt) {
    throw conflict('CONTEST_NOT_RUNNING', `"${contest.name}" has not started yet: trading opens ${dateText(startsAt)}`);
  }
  if (now >= endsAt || contest.closed_at !== null) {
    throw conflict('CONTEST_NOT_RUNNING', `"${contest.name}" has ended: orders are closed and the final standings are on its page`);
  }
  const symbols = parseList(contest.allowed_symbols);
  if (symbols.length && !symbols.includes(order.symbol)) {
    throw badRequest('SYMBOL_NOT_ALLOWED', `${order.symbol} is not traded in "${contest.name}": it allows ${symbols.join(', ')}`, 'symbol');
  }
  const types = parseList(contest.order_types);
  if (types.length && !types.includes(order.orderType)) {
    const name = order.orderType.toLowerCase().replace('_', '-');
    throw badRequest('ORDER_TYPE_NOT_ALLOWED', `"${contest.name}" does not allow ${name} orders: it allows ${types.map((t) => t.toLowerCase().replace('_', '-')).join(', ')}`, 'orderType');
  }
  return { bps: BigInt(contest.fee_bps), minCents: BigInt(contest.fee_min_cents) };
}
