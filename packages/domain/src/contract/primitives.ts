import { z } from 'zod';
import { CENT_DECIMALS, decimalPlaces } from '../money.ts';

/** Milliseconds since the Unix epoch. */
export const Timestamp = z.number().int().nonnegative();

export const Symbol = z
  .string()
  .min(1)
  .max(12)
  .regex(/^[A-Z0-9]+$/, 'Symbols are upper-case letters and digits');

/** `0x` + 40 hex characters (docs/api.md, Shapes). */
export const WalletAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Not a wallet address');

/**
 * A positive amount with at most `decimals` decimals. The upper bound keeps every amount far
 * inside the 64-bit integer columns (1e10 shares in 1e-8 units is 1e18) and matches the
 * 10-character amount input of the trade panel.
 */
export function positiveAmount(
  decimals: number,
  label = 'Amount',
  tooManyDecimals = `${label} has more than ${decimals} decimals`,
) {
  return z
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a finite number`)
    .refine((n) => n > 0, `${label} must be greater than 0`)
    .refine((n) => n <= 1e10, `${label} is too large`)
    .refine((n) => decimalPlaces(n) <= decimals, tooManyDecimals);
}

/**
 * The USD rule of every request (docs/api.md, General rules): a dollar amount is whole cents, at
 * most 2 decimals; more are refused, never rounded. The server's schemas check it, and the web's
 * forms run the same check before sending, with this message under the field.
 */
export const USD_DECIMALS_MESSAGE = `A dollar amount has at most ${CENT_DECIMALS} decimals`;

/** A positive dollar amount (purchaseAsk, a starting balance): positiveAmount with the USD rule. */
export const usdAmount = (label: string) =>
  positiveAmount(CENT_DECIMALS, label, USD_DECIMALS_MESSAGE);

export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Passwords: at least 8 characters so guessing is slow, at most 128 so hashing stays cheap. */
export const Password = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** Usernames appear in URLs and leaderboards: short, unambiguous characters only. */
export const Username = z
  .string()
  .min(3, 'Username must be at least 3 characters')
  .max(20, 'Username must be at most 20 characters')
  .regex(/^[A-Za-z0-9_.]+$/, 'Username may only contain letters, digits, _ and .');

export const DisplayName = z
  .string()
  .trim()
  .min(1, 'Display name cannot be empty')
  .max(40, 'Display name must be at most 40 characters');

export const Email = z.string().trim().max(254).email('Enter a valid e-mail address');

export const AccountType = z.enum(['PERSONAL', 'DEMO', 'STUDENT', 'TEACHER']);
export type AccountType = z.infer<typeof AccountType>;

/** How fills are priced (docs/api.md, "Realistic fills"): walking the simulated book, or one price. */
export const FillModel = z.enum(['BOOK', 'IDEAL']);
export type FillModel = z.infer<typeof FillModel>;
