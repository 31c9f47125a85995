/**
 * The money invariants of docs/architecture.md "Money", as one check that server property tests run
 * against every user after random trades, fills, cancels and resets.
 */
import type { Cents, ShareUnits } from './money.ts';

export interface SymbolLedger {
  symbol: string;
  freeShares: ShareUnits;
  reservedShares: ShareUnits;
  boughtShares: ShareUnits;
  soldShares: ShareUnits;
}

export interface MoneyState {
  startingCents: Cents;
  freeCashCents: Cents;
  reservedCashCents: Cents;
  /** Total cost of every buy since the (last) start, fees included if any. */
  buysCostCents: Cents;
  sellsProceedsCents: Cents;
  perSymbol: readonly SymbolLedger[];
}

/** Descriptions of every violated invariant; an empty list means the state is sound. */
export function checkMoneyInvariants(state: MoneyState): string[] {
  const violations: string[] = [];
  const { startingCents, freeCashCents, reservedCashCents, buysCostCents, sellsProceedsCents } =
    state;
  if (freeCashCents < 0n) violations.push(`free cash is negative: ${freeCashCents} cents`);
  if (reservedCashCents < 0n) {
    violations.push(`reserved cash is negative: ${reservedCashCents} cents`);
  }
  const accounted = freeCashCents + reservedCashCents + buysCostCents - sellsProceedsCents;
  if (accounted !== startingCents) {
    violations.push(
      `free cash + reserved cash + cost of buys - proceeds of sells = ${accounted} cents, ` +
        `starting balance is ${startingCents} cents`,
    );
  }
  for (const s of state.perSymbol) {
    if (s.freeShares < 0n)
      violations.push(`${s.symbol}: free shares are negative: ${s.freeShares}`);
    if (s.reservedShares < 0n) {
      violations.push(`${s.symbol}: reserved shares are negative: ${s.reservedShares}`);
    }
    const held = s.freeShares + s.reservedShares;
    const net = s.boughtShares - s.soldShares;
    if (held !== net) {
      violations.push(
        `${s.symbol}: free + reserved shares = ${held}, shares bought - sold = ${net} (1e-8 units)`,
      );
    }
  }
  return violations;
}
