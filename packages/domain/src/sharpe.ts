/**
 * The Sharpe ratio of daily returns a contest's board shows beside the return (docs/api.md,
 * "Class rules and reports"): with r_i = V_i / V_(i-1) - 1 between consecutive daily closes V,
 * mean(r) / sd(r) x sqrt(365), sd the sample standard deviation (n - 1), no risk-free rate
 * (crypto trades every day of the year). A ratio, not money: a double, rounded to 2 decimals for
 * the wire, computed from the exact closes in cents. Null when it says nothing: fewer than two
 * returns, or returns that never vary.
 */
export const SHARPE_DAYS_PER_YEAR = 365;

export function sharpeRatio(closes: readonly bigint[]): number | null {
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i++) {
    const before = closes[i - 1]!;
    if (before <= 0n) continue;
    returns.push(Number(closes[i]! - before) / Number(before));
  }
  if (returns.length < 2) return null;
  const mean = returns.reduce((a, r) => a + r, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  const sd = Math.sqrt(variance);
  if (!(sd > 1e-12)) return null;
  return Math.round((mean / sd) * Math.sqrt(SHARPE_DAYS_PER_YEAR) * 100) / 100;
}

/** Best first; a board row without a Sharpe ratio after every one with it. */
export function compareSharpeDescending(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}
