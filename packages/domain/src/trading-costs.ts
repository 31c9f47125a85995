/**
 * What a fill costs beyond its price (docs/decisions/013-fees-and-spread.md): a fee per fill,
 * max(minimum, total x bps / 10,000), and a spread, half of which a buy pays above the market
 * price and a sell gives up below it. Shared by the server (what a fill charges) and the web
 * (what the review shows), so both agree to the cent. Every rounding goes against the trader.
 */
import type { FillModel } from './contract/primitives.ts';
import { isWholeCents, parseDecimal, CENT_DECIMALS, type Cents, type PriceUnits } from './money.ts';

/** The fee on each fill: max(minCents, total x bps / 10,000), in cents. */
export interface FeeRule {
  bps: bigint;
  minCents: Cents;
}

/** A portfolio's costs: its fee rule and its spread in basis points (0 for none). */
export interface CostRule {
  fee: FeeRule;
  spreadBps: bigint;
}

export const NO_FEE: FeeRule = { bps: 0n, minCents: 0n };
export const NO_COSTS: CostRule = { fee: NO_FEE, spreadBps: 0n };

const BPS = 10_000n;

/**
 * The fee on a fill of `totalCents`, rounded up to the cent (a fee never rounds to nothing), and
 * never more than the fill itself: a sell's fee comes out of its proceeds, so cash cannot go
 * below zero, and a buy never pays more in fees than it buys.
 */
export function feeCents(rule: FeeRule, totalCents: Cents): Cents {
  if (rule.bps === 0n && rule.minCents === 0n) return 0n;
  const proportional = (totalCents * rule.bps + BPS - 1n) / BPS;
  const fee = proportional > rule.minCents ? proportional : rule.minCents;
  return fee < totalCents ? fee : totalCents;
}

/**
 * The largest amount `b` a buy can spend out of `reservedCents` so that b + fee(b) fits it: what a
 * working PURCHASE order buys for when it fills (the rest goes back to free cash). b + fee(b)
 * never decreases as b grows, so the answer is the larger of the two closed forms that fit:
 * the uncapped fee (b + max(min, ceil(b x bps / 10,000)) <= reserved) and the capped one
 * (fee = b when the minimum is more than b, so 2b <= reserved).
 */
export function budgetWithFee(rule: FeeRule, reservedCents: Cents): Cents {
  if (reservedCents <= 0n) return 0n;
  if (rule.bps === 0n && rule.minCents === 0n) return reservedCents;
  const byBps = (reservedCents * BPS) / (BPS + rule.bps);
  const byMin = reservedCents - rule.minCents;
  const uncapped = byBps < byMin ? byBps : byMin;
  const capped = reservedCents / 2n < rule.minCents ? reservedCents / 2n : rule.minCents;
  let best = 0n;
  for (const b of [uncapped, capped]) {
    if (b > best && b + feeCents(rule, b) <= reservedCents) best = b;
  }
  return best;
}

const SPREAD_DENOMINATOR = 2n * BPS;

/**
 * The price a fill happens at, given the market (tick) price and the spread: a buy pays half the
 * spread above it, rounded up to 1e-8; a sell gets half the spread below it, rounded down. A limit
 * order never fills worse than its limit, so when half the spread would cross the limit, the
 * limit is the price (a buy's trigger compares the market price, as the indexed trigger does).
 */
export function fillPrice(
  side: 'PURCHASE' | 'SELL',
  marketPrice: PriceUnits,
  spreadBps: bigint,
  limit?: PriceUnits | null,
): PriceUnits {
  if (spreadBps <= 0n) return marketPrice;
  if (side === 'PURCHASE') {
    const ask =
      (marketPrice * (SPREAD_DENOMINATOR + spreadBps) + SPREAD_DENOMINATOR - 1n) /
      SPREAD_DENOMINATOR;
    return limit != null && limit >= marketPrice && ask > limit ? limit : ask;
  }
  const bid = (marketPrice * (SPREAD_DENOMINATOR - spreadBps)) / SPREAD_DENOMINATOR;
  return limit != null && limit <= marketPrice && bid < limit ? limit : bid;
}

// ---- the realism settings of a main portfolio (under the user's `settings`) ----

export const REALISM_KEYS = {
  feeBps: 'trading_fee_bps',
  feeMinUsd: 'trading_fee_min_usd',
  spreadBps: 'spread_bps',
} as const;
/** The realism setting that is not a number: BOOK (the default) or IDEAL (docs/api.md, "Realistic fills"). */
export const FILL_MODEL_KEY = 'fill_model';

/** 1 %: what the most expensive retail brokers charged per trade; more teaches nothing new. */
export const MAX_FEE_BPS = 100;
/** 1 %, the widest spread of a thinly traded coin on a retail app. */
export const MAX_SPREAD_BPS = 100;
/** $100: ten times the old flat commissions of discount brokers, so a class can exaggerate costs. */
export const MAX_FEE_MIN_USD = 100;

/** Why a realism setting's value is refused, or null when it is fine (or not a realism key). */
export function realismSettingError(key: string, value: unknown): string | null {
  if (value === null) return null;
  const number = typeof value === 'number' ? value : Number.NaN;
  switch (key) {
    case REALISM_KEYS.feeBps:
      return Number.isInteger(number) && number >= 0 && number <= MAX_FEE_BPS
        ? null
        : `The fee is a whole number of basis points from 0 to ${MAX_FEE_BPS} (1 %)`;
    case REALISM_KEYS.spreadBps:
      return Number.isInteger(number) && number >= 0 && number <= MAX_SPREAD_BPS
        ? null
        : `The spread is a whole number of basis points from 0 to ${MAX_SPREAD_BPS} (1 %)`;
    case FILL_MODEL_KEY:
      return value === 'BOOK' || value === 'IDEAL'
        ? null
        : 'The fill model is BOOK (walk the order book) or IDEAL (every order at one price)';
    case REALISM_KEYS.feeMinUsd:
      return Number.isFinite(number) &&
        number >= 0 &&
        number <= MAX_FEE_MIN_USD &&
        isWholeCents(number)
        ? null
        : `The minimum fee is an amount from $0 to $${MAX_FEE_MIN_USD} with at most 2 decimals`;
    default:
      return null;
  }
}

/**
 * The costs a main portfolio's settings ask for; a missing or invalid value counts as 0, so a
 * setting written before validation existed can never make a fill cost more than it says.
 */
export function costsFromSettings(settings: Readonly<Record<string, unknown>>): CostRule {
  const valid = (key: string): number => {
    const value = settings[key];
    return typeof value === 'number' && realismSettingError(key, value) === null ? value : 0;
  };
  const minCents = parseDecimal(valid(REALISM_KEYS.feeMinUsd), CENT_DECIMALS) ?? 0n;
  return {
    fee: { bps: BigInt(valid(REALISM_KEYS.feeBps)), minCents },
    spreadBps: BigInt(valid(REALISM_KEYS.spreadBps)),
  };
}

/** The fill model a main portfolio's settings ask for: BOOK unless the setting says IDEAL. */
export function fillModelFromSettings(settings: Readonly<Record<string, unknown>>): FillModel {
  return settings[FILL_MODEL_KEY] === 'IDEAL' ? 'IDEAL' : 'BOOK';
}
