import { formatPercent, percentDirection, type PortfolioInsight } from '@papertrade/domain';

/** Texts of the portfolio insight (GET /portfolio-insight), shared by /portfolio and /home's card. */

/** Nothing bought yet: the page explains how insight appears instead of drawing a donut of cash. */
export function hasActivity(insight: PortfolioInsight): boolean {
  return insight.positions.length > 0 || insight.sellCount > 0;
}

/** "Ahead of" / "Behind" holding BTC by percentage points, or level. */
export function benchmarkVerdict(insight: PortfolioInsight): string | null {
  const b = insight.benchmark;
  if (!b) return null;
  const gap = insight.returnPercentage - b.returnPercentage;
  const points = formatPercent(Math.abs(gap)).replace('+', '').replace('%', '');
  const direction = percentDirection(gap);
  if (direction === 0) return `Level with holding ${b.symbol}`;
  return `${points} points ${direction > 0 ? 'ahead of' : 'behind'} holding ${b.symbol}`;
}
