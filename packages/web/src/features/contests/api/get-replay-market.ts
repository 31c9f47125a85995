import { replayClock, type ReplayAnswer } from '@papertrade/domain';
import { useMemo } from 'react';
import { useSession } from '../../../lib/api/get-session.ts';
import { useContest } from './get-contest.ts';
import { useContestReplay } from './get-contest-replay.ts';

/** The market a replay's member trades on: the replay's clock and prices (docs/api.md, Replay contests). */
export interface ReplayMarket {
  contestId: string;
  /** The replay portfolio's wallet, which the contest's calls carry. */
  wallet: string;
  startsAt: number;
  /** The contest is running: its members walk the replay's book (an ended one's walk none). */
  running: boolean;
  /** Undefined until the first answer of GET /contests/:id/replay. */
  answer: ReplayAnswer | undefined;
  /** The replayed moment of a wall time (a fill's, say), by the replay's period and speed. */
  clock: (wall: number) => number;
}

/**
 * The replay the portfolio on screen trades in, or null on the main portfolio or a LIVE contest:
 * then every screen shows the live market, as it does for everyone outside the replay. Undefined
 * while a contest portfolio's contest is still loading, so no screen shows a live price there.
 */
export function useReplayMarket(): ReplayMarket | null | undefined {
  const session = useSession().data;
  const wallet = session?.walletAddress ?? '';
  const contestId =
    session?.portfolio?.kind === 'CONTEST' ? session.portfolio.contestId : undefined;
  const query = useContest(contestId, wallet);
  const contest = query.data;
  const answer = useContestReplay(contest, wallet).data;
  const source = contest?.priceSource;
  const replays = source?.kind === 'REPLAY';
  const startsAt = contest?.startsAt ?? 0;
  const running = contest?.status === 'RUNNING';
  // A contest that cannot be read (gone, offline) leaves the live market rather than a skeleton.
  const loading = contestId !== undefined && query.isPending;
  // One object per answer (a second), so what is drawn from it is not redrawn in between.
  return useMemo(
    () =>
      loading
        ? undefined
        : replays && source.kind === 'REPLAY' && contestId !== undefined
          ? {
              contestId,
              wallet,
              startsAt,
              running,
              answer,
              clock: (wall: number) => replayClock(source, startsAt, wall),
            }
          : null,
    [loading, replays, source, contestId, wallet, startsAt, running, answer],
  );
}

/** The replayed price of `symbol`, or undefined when the replay does not trade it (or has not answered). */
export function replayedPrice(
  market: ReplayMarket | null | undefined,
  symbol: string,
): number | undefined {
  return market?.answer?.prices.find((p) => p.symbol === symbol)?.price;
}
