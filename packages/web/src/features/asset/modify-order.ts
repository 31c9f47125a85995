/**
 * What the Modify dialog may change on a working order, how its fields are checked, and the
 * PUT /limit-position body it sends: only what changed. The server's rules (modify-order.ts
 * there) decide; these say the same things earlier, under the field.
 */
import {
  formatUnits,
  parseDecimal,
  USD_DECIMALS_MESSAGE,
  type LimitPosition,
} from '@papertrade/domain';

export type ModifyField = 'limitAsk' | 'stopPrice' | 'purchaseAsk' | 'sellAsk';
export type ModifyTexts = Partial<Record<ModifyField, string>>;

/**
 * The fields of this order that can change: a limit's limit, a stop's stop, a stop-limit's both
 * until its stop is reached (then its limit), a trailing stop's neither (its stop follows the
 * market); every kind its amount (dollars for a buy, shares for a sell).
 */
export function modifiableFields(p: LimitPosition): ModifyField[] {
  const amount: ModifyField = p.type === 'PURCHASE' ? 'purchaseAsk' : 'sellAsk';
  switch (p.orderType ?? 'LIMIT') {
    case 'STOP':
      return ['stopPrice', amount];
    case 'STOP_LIMIT':
      return p.triggeredAt === undefined ? ['stopPrice', 'limitAsk', amount] : ['limitAsk', amount];
    case 'TRAILING_STOP':
      return [amount];
    default:
      return ['limitAsk', amount];
  }
}

export const FIELD_LABELS: Record<ModifyField, string> = {
  limitAsk: 'Limit price',
  stopPrice: 'Stop price',
  purchaseAsk: 'Amount to spend',
  sellAsk: 'Shares to sell',
};

const DECIMALS: Record<ModifyField, number> = {
  limitAsk: 8,
  stopPrice: 8,
  purchaseAsk: 2,
  sellAsk: 8,
};

/** The order's current value of a field, as the field starts: "95", "500", "2.5". */
export function currentText(p: LimitPosition, field: ModifyField): string {
  const value = field === 'stopPrice' ? (p.stopPrice ?? p.limitAsk) : (p[field] ?? 0);
  const units = parseDecimal(value, DECIMALS[field]);
  return units === null ? String(value) : formatUnits(units, DECIMALS[field]);
}

const clean = (text: string) => text.replace(/[\s,$]/g, '');

/** The error under a field, or null when it is a positive number with the decimals it allows. */
export function modifyFieldError(field: ModifyField, text: string): string | null {
  const cleaned = clean(text);
  if (cleaned === '')
    return `Enter ${field === 'sellAsk' ? 'a number of shares' : field === 'purchaseAsk' ? 'an amount' : 'a price'}`;
  if (!/^\d*\.?\d+$|^\d+\.$/.test(cleaned)) return 'Enter a number, like 95.50';
  const units = parseDecimal(
    cleaned.endsWith('.') ? cleaned.slice(0, -1) : cleaned,
    DECIMALS[field],
  );
  if (units === null) return field === 'purchaseAsk' ? USD_DECIMALS_MESSAGE : 'At most 8 decimals';
  if (units <= 0n) return 'Must be more than 0';
  return null;
}

/**
 * The fields that changed, as JSON numbers (unchanged ones are left out: a trailing stop's stop
 * moves under the server, and sending it back would fight it); null when nothing changed or a
 * field is invalid.
 */
export function modifyChanges(
  p: LimitPosition,
  texts: ModifyTexts,
): Partial<Record<ModifyField, number>> | null {
  const changes: Partial<Record<ModifyField, number>> = {};
  for (const field of modifiableFields(p)) {
    const text = texts[field];
    if (text === undefined) continue;
    if (modifyFieldError(field, text) !== null) return null;
    const cleaned = clean(text).replace(/\.$/, '');
    const next = parseDecimal(cleaned, DECIMALS[field]);
    const before = parseDecimal(currentText(p, field), DECIMALS[field]);
    if (next !== null && next !== before)
      changes[field] = Number(formatUnits(next, DECIMALS[field]));
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
