import { alpacaNotFound } from './alpaca-errors.ts';

/**
 * Alpaca names a crypto pair `BTC/USD` (and accepts `BTCUSD`); we name the asset `BTC`, with id
 * `btcusd`. Every asset here is quoted in USD, so the mapping is the suffix.
 */
export const toAlpacaSymbol = (symbol: string): string => `${symbol}/USD`;

/** Our symbol for `BTC/USD`, `BTCUSD` or our asset id `btcusd`; null for anything else. */
export function fromAlpacaSymbol(text: string): string | null {
  const upper = text.trim().toUpperCase();
  const match = /^([A-Z0-9]{1,12})\/?USD$/.exec(upper);
  return match?.[1] ?? null;
}

/** As fromAlpacaSymbol, checked against the known symbols: Alpaca's 404 for any other. */
export function ourSymbol(text: string, known: ReadonlySet<string>): string {
  const symbol = fromAlpacaSymbol(text);
  if (symbol === null || !known.has(symbol))
    throw alpacaNotFound(
      `asset not found: ${text.slice(0, 40)} (only crypto pairs quoted in USD, like BTC/USD)`,
    );
  return symbol;
}
