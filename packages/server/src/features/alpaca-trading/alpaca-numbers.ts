import {
  CENT_DECIMALS,
  PRICE_DECIMALS,
  SHARE_DECIMALS,
  formatUnits,
  parseDecimal,
} from '@papertrade/domain';
import { alpacaUnprocessable } from './alpaca-errors.ts';

/** Alpaca sends and answers amounts as decimal strings; ours are exact units (decision 002). */
export const shareText = (units: bigint): string => formatUnits(units, SHARE_DECIMALS);
export const priceText = (units: bigint): string => formatUnits(units, PRICE_DECIMALS);
export const centsText = (cents: bigint): string => formatUnits(cents, CENT_DECIMALS);
export const toIso = (ms: number | bigint): string => new Date(Number(ms)).toISOString();
export const isoOrNull = (ms: number | bigint | null | undefined): string | null =>
  ms === null || ms === undefined ? null : toIso(ms);

/** An amount a program sent (a string or a JSON number), exact, positive; 422 otherwise. */
export function parseAmount(
  value: string | number,
  decimals: number,
  field: string,
  unit = 'decimals',
): bigint {
  const units = parseDecimal(value, decimals);
  if (units === null || units <= 0n)
    throw alpacaUnprocessable(
      `${field} must be a positive number with at most ${decimals} ${unit}`,
    );
  return units;
}
export const parseShares = (value: string | number, field: string) =>
  parseAmount(value, SHARE_DECIMALS, field);
export const parsePrice = (value: string | number, field: string) =>
  parseAmount(value, PRICE_DECIMALS, field);
export const parseCents = (value: string | number, field: string) =>
  parseAmount(value, CENT_DECIMALS, field, 'decimals (whole cents)');
