import type { Contest } from '@papertrade/domain';
import { ApiError } from './api-error.ts';

/** The parts of a contest's rules that decide what its portfolio may trade. */
export type TradingRules = Pick<Contest, 'startsAt' | 'endsAt' | 'allowedSymbols' | 'orderTypes'>;

const ORDER_NAMES: Record<string, string> = {
  MARKET: 'market',
  LIMIT: 'limit',
  STOP: 'stop',
  STOP_LIMIT: 'stop-limit',
  TRAILING_STOP: 'trailing stop',
  OCO: 'one-cancels-other',
};

/** The trade panel's methods (Market, Limit) that the rules allow; no rules: both. */
export function allowedOrderMethods(
  rules: TradingRules | null | undefined,
): ('MARKET' | 'LIMIT')[] {
  const all = ['MARKET', 'LIMIT'] as const;
  if (!rules || rules.orderTypes.length === 0) return [...all];
  return all.filter((m) => rules.orderTypes.includes(m));
}

export function symbolAllowed(rules: TradingRules | null | undefined, symbol: string): boolean {
  return !rules || rules.allowedSymbols.length === 0 || rules.allowedSymbols.includes(symbol);
}

const list = (items: readonly string[]) => items.join(', ');

const ENDED_TEXT = 'This contest has ended — orders are closed.';
const NOT_STARTED_TEXT = 'This contest has not started yet — orders open when it starts.';

/**
 * Why a contest portfolio cannot place orders now, in the words of a refusal, or null when it can
 * (or there is no contest). An owner's early end (status ENDED) wins over the clock. Said before
 * anything is pressed: the server refuses these orders anyway (CONTEST_NOT_RUNNING).
 */
export function contestClosedText(
  contest: Pick<Contest, 'status' | 'startsAt' | 'endsAt'> | null | undefined,
  now: number = Date.now(),
): string | null {
  if (!contest) return null;
  if (contest.status === 'ENDED' || now >= contest.endsAt) return ENDED_TEXT;
  if (now < contest.startsAt) return NOT_STARTED_TEXT;
  return null;
}

/**
 * The refusals of a contest's rules in words a student understands, whatever the
 * server's wording; with the contest at hand they also say what is allowed or when it opens.
 * null for any other failure.
 */
export function contestErrorText(
  error: unknown,
  rules?: TradingRules | null,
  now: number = Date.now(),
): string | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case 'CONTEST_NOT_RUNNING': {
      const early = rules
        ? now < rules.startsAt
        : /not (yet )?(started|begun|open)/i.test(error.message);
      return early ? NOT_STARTED_TEXT : ENDED_TEXT;
    }
    case 'SYMBOL_NOT_ALLOWED':
      return rules && rules.allowedSymbols.length > 0
        ? `This contest does not allow trading that asset. You can trade ${list(rules.allowedSymbols)}.`
        : 'This contest does not allow trading that asset.';
    case 'ORDER_TYPE_NOT_ALLOWED':
      return rules && rules.orderTypes.length > 0
        ? `This contest does not allow that kind of order. You can place ${list(rules.orderTypes.map((t) => ORDER_NAMES[t] ?? t))} orders.`
        : 'This contest does not allow that kind of order.';
    case 'RESET_NOT_ALLOWED':
      return 'A contest portfolio cannot be reset: everyone in it plays with the same starting money.';
    case 'ALREADY_MEMBER':
      return 'You have already joined this contest.';
    case 'CONTEST_ENDED':
      return 'This contest has ended, so it cannot be joined any more.';
    case 'CONTEST_STARTED':
      return 'The contest has started, so its money rules (balance, fees, assets, order types) can no longer change.';
    default:
      return null;
  }
}

/** The name of an order type as the rules list shows it ("Market", "Stop-limit"). */
export function orderTypeName(type: string): string {
  const name = ORDER_NAMES[type] ?? type.toLowerCase();
  return name.charAt(0).toUpperCase() + name.slice(1);
}
