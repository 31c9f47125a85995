import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { LimitOrdersTable } from '../../db/schema.ts';
import { replacedUpdates } from './trade-updates.ts';

/** `replaced` on trade_updates (docs/decisions/032-alpaca-data-and-streams.md): what counts as one. */
type Row = Selectable<LimitOrdersTable>;

const row = (over: Partial<Row>): Row =>
  ({
    id: 'o1',
    symbol: 'BTC',
    type: 'SELL',
    order_type: 'LIMIT',
    status: 'WORKING',
    time_in_force: 'GTC',
    created_at: 1_000,
    closed_at: null,
    limit_price: 5_000_000_000_000,
    stop_price: null,
    trail_bps: null,
    trail_amount: null,
    purchase_cents: null,
    sell_shares: 1_000_000,
    tp_limit_price: null,
    sl_stop_price: null,
    ...over,
  }) as Row;

describe('replacedUpdates', () => {
  it('a changed limit price is one replaced event with the order as it is now', () => {
    const known = new Map<string, string>();
    expect(replacedUpdates([row({})], known, 2_000)).toEqual([]);
    const [update, ...rest] = replacedUpdates(
      [row({ limit_price: 5_100_000_000_000n })],
      known,
      3_000,
    );
    expect(rest).toEqual([]);
    expect(update?.data).toMatchObject({
      event: 'replaced',
      order: { id: 'o1', limit_price: '51000', replaced_at: new Date(3_000).toISOString() },
    });
  });

  it('a trailing stop moving with the market is not a replace', () => {
    const known = new Map<string, string>();
    const trailing = { order_type: 'TRAILING_STOP', limit_price: 0n, trail_bps: 500n };
    replacedUpdates([row({ ...trailing, stop_price: 4_000_000_000_000n })], known, 2_000);
    expect(
      replacedUpdates([row({ ...trailing, stop_price: 4_200_000_000_000n })], known, 3_000),
    ).toEqual([]);
  });

  it('an order no longer working is forgotten, and a new one joins without an event', () => {
    const known = new Map<string, string>();
    replacedUpdates([row({})], known, 2_000);
    expect(replacedUpdates([row({ id: 'o2' })], known, 3_000)).toEqual([]);
    expect([...known.keys()]).toEqual(['o2']);
  });
});
