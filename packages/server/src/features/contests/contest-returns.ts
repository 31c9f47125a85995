import { returnPercentOf, type ReturnsSeries } from '@papertrade/domain';
import type { RecordSource } from '../../users/user-record.ts';
import { loadEpochBalancePoints } from '../../users/epoch-balance-points.ts';
import type { BoardEntry } from './contest-board.ts';
import type { ContestRow } from './contest-record.ts';

/** Points per trader: enough for a phone-wide chart, bounded whatever the contest's length. */
const POINTS_PER_SERIES = 120;

/**
 * Each of these members' return over the contest: 0 % when they joined, then their balance
 * points (written after every trade and hourly, snapshot-job.ts), ending at the board's figure,
 * so the chart's last point agrees with the board beside it.
 */
export async function contestReturns(
  { db, balancePointCaches }: RecordSource,
  contest: ContestRow,
  top: readonly BoardEntry[],
): Promise<ReturnsSeries[]> {
  const end = Math.min(Date.now(), Number(contest.ends_at));
  const startingCents = BigInt(contest.starting_balance_cents);
  return Promise.all(
    top.map(async (entry) => {
      const points = await loadEpochBalancePoints(
        db,
        balancePointCaches,
        entry.portfolioId,
        POINTS_PER_SERIES,
      );
      const series = [{ timestamp: entry.joinedAt, returnPercentage: 0 }];
      for (const p of points) {
        if (Number(p.ts) <= entry.joinedAt || Number(p.ts) >= end) continue;
        series.push({
          timestamp: Number(p.ts),
          returnPercentage: returnPercentOf({
            gainCents: p.balanceCents - startingCents,
            baseCents: startingCents || 1n,
          }),
        });
      }
      series.push({
        timestamp: Math.max(end, entry.joinedAt),
        returnPercentage: entry.returnPercentage,
      });
      return { walletAddress: entry.walletAddress, username: entry.username, points: series };
    }),
  );
}
