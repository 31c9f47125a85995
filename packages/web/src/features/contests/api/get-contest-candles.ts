import { CandlesAnswer, type CandleInterval } from '@papertrade/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * A replay plays up to an hour of history a second: its chart is read every 2 s, and between two
 * reads the last candle follows the replayed price (liveCandle), as a live chart follows ticks.
 */
export const CONTEST_CANDLES_POLL_MS = 2_000;

/**
 * GET /contests/:id/candles: a REPLAY contest's candles of one asset up to its replayed moment
 * (docs/api.md, Replay contests), what its members' charts show instead of the live market's.
 */
export const contestCandlesQueryOptions = (
  id: string,
  symbol: string,
  interval: CandleInterval,
  wallet: string,
) =>
  queryOptions({
    queryKey: queryKeys.contests.candles(id, symbol, interval),
    queryFn: ({ signal }) =>
      api(
        `/contests/${encodeURIComponent(id)}/candles?symbol=${encodeURIComponent(symbol)}&interval=${interval}`,
        { schema: CandlesAnswer, wallet, signal },
      ),
    refetchInterval: CONTEST_CANDLES_POLL_MS,
    placeholderData: keepPreviousData,
  });
