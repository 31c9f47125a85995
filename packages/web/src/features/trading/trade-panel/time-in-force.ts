/**
 * Time in force, shared by every working order the panel places (limit, stop, stop-limit, trailing
 * stop, OCO): Good till cancelled by default, until the end of the (UTC) day, or until a chosen day.
 * A limit order may instead fill at once against the simulated book: IOC keeps
 * what fills and cancels the rest, FOK fills whole or not at all
 * (docs/decisions/029-simulated-order-book.md).
 */
export type TimeInForceChoice = 'GTC' | 'DAY' | 'GTD' | 'IOC' | 'FOK';

export const TIME_IN_FORCE_LABELS: Record<TimeInForceChoice, string> = {
  GTC: 'Good till cancelled',
  DAY: 'Until end of day',
  GTD: 'Until a date',
  IOC: 'Immediate or cancel',
  FOK: 'Fill or kill',
};

/** One line under the choice: what it does to the order. */
export const TIME_IN_FORCE_HELP: Record<TimeInForceChoice, string> = {
  GTC: 'Works until it fills or you cancel it.',
  DAY: 'Cancelled at the end of the day (00:00 UTC) if it has not filled.',
  GTD: 'Cancelled at the end of the day you choose if it has not filled.',
  IOC: 'Fills what it can at once at your price or better; the rest is cancelled.',
  FOK: 'Fills the whole amount at once at your price or better, or nothing at all.',
};

/**
 * The choices an order kind offers: IOC and FOK act at placement against the trades at a limit
 * price, so only a limit order takes them (docs/api.md, "Partial fills, IOC and FOK"); a stop
 * waits for its trigger by nature, and the server refuses them there.
 */
export function timeInForceChoices(kind: string): TimeInForceChoice[] {
  return kind === 'LIMIT' ? ['GTC', 'DAY', 'GTD', 'IOC', 'FOK'] : ['GTC', 'DAY', 'GTD'];
}

/** A GTD order expires at the end of the chosen day, the user's time; null when no valid date. */
export function expiryTime(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999).getTime();
  return Number.isFinite(end) ? end : null;
}

/** The expiry's check (the server's EXPIRY_IN_PAST), for GTD only. */
export function expiryProblem(
  timeInForce: TimeInForceChoice,
  expiryDate: string,
  now: number,
): { field: 'expiresAt'; message: string } | null {
  if (timeInForce !== 'GTD') return null;
  const at = expiryTime(expiryDate);
  if (at === null) return { field: 'expiresAt', message: 'Choose the day the order expires.' };
  if (at <= now) return { field: 'expiresAt', message: 'Choose today or a later day.' };
  return null;
}

/** The body's timeInForce and, for GTD, expiresAt. */
export function timeInForceBody(
  timeInForce: TimeInForceChoice,
  expiryDate: string,
): { timeInForce: TimeInForceChoice; expiresAt?: number } {
  const expiresAt = timeInForce === 'GTD' ? expiryTime(expiryDate) : null;
  return expiresAt === null ? { timeInForce } : { timeInForce, expiresAt };
}
