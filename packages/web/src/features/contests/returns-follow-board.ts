import type { ContestBoardRow, ReturnsSeries } from '@papertrade/domain';

/**
 * The returns chart's series with each trader's last point at the board's figure. The server ends
 * each series at the board's figure when it answers (GET /contests/:id/returns), but the board
 * then moves with every push over /live (or poll) while the series is fetched a minute apart: the
 * board read +3.99 % beside a legend still at −0.01 %. The same array back when nothing moved, so
 * the chart is not drawn again.
 */
export function followBoard(
  series: readonly ReturnsSeries[],
  board: readonly ContestBoardRow[] | undefined,
): readonly ReturnsSeries[] {
  if (!board) return series;
  const byWallet = new Map(board.map((row) => [row.walletAddress, row.returnPercentage]));
  let changed = false;
  const next = series.map((s) => {
    const figure = byWallet.get(s.walletAddress);
    const last = s.points.at(-1);
    if (figure === undefined || !last || last.returnPercentage === figure) return s;
    changed = true;
    return { ...s, points: [...s.points.slice(0, -1), { ...last, returnPercentage: figure }] };
  });
  return changed ? next : series;
}

/**
 * Whether the board's top `count` are other traders than the series (a new leader): the series
 * then has to be fetched again, as the board's figures alone cannot draw a new trader's line.
 */
export function topChanged(
  series: readonly ReturnsSeries[],
  board: readonly ContestBoardRow[] | undefined,
  count: number,
): boolean {
  if (!board) return false;
  const top = board.slice(0, count).map((row) => row.walletAddress);
  const shown = series.map((s) => s.walletAddress);
  return top.length !== shown.length || top.some((wallet, i) => wallet !== shown[i]);
}
