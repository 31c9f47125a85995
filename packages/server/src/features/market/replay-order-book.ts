import { consumeBook, fullBook, type OrderBookLevels } from '@papertrade/domain';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/app-error.ts';
import { loadBookState } from '../../market/order-book-store.ts';
import { replayBookInput } from '../../market/replay-book.ts';
import { loadContestRow, parseList, scheduledQuote, scheduleOf } from '../contests/public.ts';

/**
 * GET /assets/:id/book?contestId=: the book a member of that contest walks at `now`
 * (docs/decisions/034-replay-contests.md, amendment "the book route answers a replay's book"). For a running replay that
 * trades the asset, the replay's book, read as its members' market orders read it
 * (`replaySideOf`: the replayed price as mid, the replayed candle, that contest's consumption);
 * null for any other contest (a LIVE one, one not running, an asset the replay does not trade),
 * whose members walk the live book. 404 CONTEST_NOT_FOUND for an unknown contest, 404
 * ASSET_NOT_FOUND for an unknown asset of a replay, 409 REPLAY_NO_PRICE for a replayed moment
 * without a candle, as an order there would answer.
 */
export async function loadContestBook(
  ctx: AppContext,
  contestId: string,
  assetId: string,
  now: number,
): Promise<OrderBookLevels | null> {
  const { db } = ctx;
  const contest = await loadContestRow(db, contestId);
  const schedule = scheduleOf(contest);
  const running =
    now >= Number(contest.starts_at) && now < Number(contest.ends_at) && contest.closed_at === null;
  if (!schedule || !running) return null;
  const asset = await db
    .selectFrom('assets')
    .select('symbol')
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (!asset) throw notFound('ASSET_NOT_FOUND', `No asset with id "${assetId}"`);
  const symbols = parseList(contest.allowed_symbols);
  if (symbols.length && !symbols.includes(asset.symbol)) return null;
  const quote = await scheduledQuote(db, schedule, asset.symbol, now);
  const books = ctx.orderBooks;
  const bids = books?.replaySideOf(contestId, asset.symbol, quote.candle, quote.price, 'bid', now);
  const asks = books?.replaySideOf(contestId, asset.symbol, quote.candle, quote.price, 'ask', now);
  if (bids && asks) return { bids: bids.levels, asks: asks.levels };
  // This instance has not read the asset's inputs yet (an asset listed after its last refresh):
  // the same model from the stored ones, which the next refresh reads too.
  const state = await loadBookState(db, assetId, ctx.config.marketSeed);
  if (!state) throw notFound('ASSET_NOT_FOUND', `No asset with id "${assetId}"`);
  const full = fullBook(replayBookInput(state.input, quote.candle, quote.price));
  return consumeBook(full, books?.consumed(assetId, contestId) ?? {}, now);
}
