import type { ContestBoardRow, ReturnsSeries } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { followBoard, topChanged } from './returns-follow-board.ts';

const ann = '0x' + 'a'.repeat(40);
const bo = '0x' + 'b'.repeat(40);

const line = (walletAddress: string, last: number): ReturnsSeries => ({
  walletAddress,
  username: walletAddress.slice(2, 5),
  points: [
    { timestamp: 1_000, returnPercentage: 0 },
    { timestamp: 2_000, returnPercentage: last },
  ],
});
const row = (walletAddress: string, rank: number, returnPercentage: number): ContestBoardRow => ({
  rank,
  walletAddress,
  username: walletAddress.slice(2, 5),
  avatar: null,
  totalBalance: 100_000,
  returnPercentage,
  trades: 1,
});

describe('the returns chart following the board', () => {
  it("moves each trader's last point to the board's figure", () => {
    const series = [line(ann, -0.01), line(bo, -0.5)];
    const followed = followBoard(series, [row(ann, 1, 3.99), row(bo, 2, -0.5)]);
    expect(followed.map((s) => s.points.at(-1)?.returnPercentage)).toEqual([3.99, -0.5]);
    expect(followed[0]?.points[0]).toEqual(series[0]?.points[0]);
    expect(followed[1]).toBe(series[1]);
  });

  it('gives the same series back when the board agrees or is not loaded', () => {
    const series = [line(ann, 1.5)];
    expect(followBoard(series, [row(ann, 1, 1.5)])).toBe(series);
    expect(followBoard(series, undefined)).toBe(series);
  });

  it('asks for the lines again when the top traders change, not when their figures do', () => {
    const series = [line(ann, 2), line(bo, 1)];
    expect(topChanged(series, [row(ann, 1, 5), row(bo, 2, 4)], 5)).toBe(false);
    expect(topChanged(series, [row(bo, 1, 5), row(ann, 2, 4)], 5)).toBe(true);
    expect(topChanged([line(ann, 2)], [row(ann, 1, 5), row(bo, 2, 4)], 5)).toBe(true);
    expect(topChanged(series, [row(ann, 1, 5), row(bo, 2, 4)], 1)).toBe(true);
  });
});
