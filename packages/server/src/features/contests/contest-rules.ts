import { NO_FEE, type FeeRule, type FillModel } from '@papertrade/domain';
import type { Trx } from '../../db/transaction.ts';
import { badRequest, conflict } from '../../http/app-error.ts';
import { checkNoteRule, checkTradeLimit, classRulesOf, type ClassRules } from './class-rules.ts';
import { parseList } from './contest-record.ts';

/** What an order path needs to know of the portfolio it trades: its contest, if any. */
export interface TradingPortfolio {
  id: string;
  contestId: string | null;
}

/** An order as the rules see it; `placing` is a new order (not a change), which the class rules count. */
export interface RuledOrder {
  symbol: string;
  orderType: string;
  note?: string | null | undefined;
  placing?: boolean;
}

/** The contest's fee, and its class rules when it has any (class-rules.ts). */
export interface ContestOrderRules {
  fee: FeeRule;
  classRules: ClassRules | null;
  /**
   * How members' market orders fill (docs/decisions/039-book-fills-without-a-lock.md); undefined:
   * the instance's default.
   */
  fillModel?: FillModel;
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
  order: RuledOrder,
  now: number,
): Promise<ContestOrderRules> {
  if (!portfolio.contestId) return { fee: NO_FEE, classRules: null };
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
      'max_position_percent',
      'max_trades_per_day',
      'require_notes',
      'fill_model',
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
  const fee = { bps: BigInt(contest.fee_bps), minCents: BigInt(contest.fee_min_cents) };
  const fillModel =
    contest.fill_model === 'IDEAL' || contest.fill_model === 'BOOK'
      ? contest.fill_model
      : undefined;
  const rules = classRulesOf(contest);
  const ruled =
    rules.requireNotes || rules.maxTradesPerDay !== null || rules.maxPositionPercent !== null;
  if (!ruled) return { fee, classRules: null, fillModel };
  if (order.placing) {
    checkNoteRule(rules, order.note);
    await checkTradeLimit(trx, portfolio.id, rules, now);
  }
  return { fee, classRules: rules, fillModel };
}
