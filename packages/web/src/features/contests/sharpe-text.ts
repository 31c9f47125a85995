/** A Sharpe ratio is a ratio, not money: two decimals, a dash before there are two daily returns (docs/api.md). */
export function sharpeText(sharpe: number | null | undefined): string {
  return sharpe == null ? '–' : sharpe.toFixed(2);
}
