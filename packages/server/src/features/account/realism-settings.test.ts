import type { User } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { currentUser, updateUser } from '../../../test/calls.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const {
  t,
  users: [me],
} = useTestApp({ users: 1 });

/** The realism settings of decision 013: checked by PUT /update-user, each error on its own key. */
describe('PUT /update-user realism settings', () => {
  it('stores the typical exchange preset and the limits of each range', async () => {
    const res = await updateUser(t.app, me, 'settings', {
      trading_fee_bps: 10,
      trading_fee_min_usd: 0,
      spread_bps: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().settings).toMatchObject({
      trading_fee_bps: 10,
      trading_fee_min_usd: 0,
      spread_bps: 5,
    });
    const edges = await updateUser(t.app, me, 'settings', {
      trading_fee_bps: 100,
      trading_fee_min_usd: 100,
      spread_bps: 0,
    });
    expect(edges.statusCode).toBe(200);
  });

  it.each([
    ['trading_fee_bps', 101, /0 to 100/],
    ['trading_fee_bps', -1, /0 to 100/],
    ['trading_fee_bps', 2.5, /whole number/],
    ['trading_fee_bps', '10', /whole number/],
    ['spread_bps', 101, /0 to 100/],
    ['spread_bps', true, /0 to 100/],
    ['trading_fee_min_usd', -0.01, /\$0 to \$100/],
    ['trading_fee_min_usd', 100.01, /\$0 to \$100/],
    ['trading_fee_min_usd', 1.005, /2 decimals/],
  ])('%s = %j answers 400 under that field and changes nothing', async (key, value, message) => {
    const before = await currentUser(t.app, me);
    const res = await updateUser(t.app, me, 'settings', { theme_mode: 'dark', [key]: value });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; field: string; error: string }>();
    expect({ code: body.code, field: body.field }).toEqual({
      code: 'VALIDATION_ERROR',
      field: key,
    });
    expect(body.error).toMatch(message);
    expect(await currentUser(t.app, me)).toEqual(before);
  });

  it('null removes a setting (back to no cost)', async () => {
    await updateUser(t.app, me, 'settings', { spread_bps: 5 });
    const res = await updateUser(t.app, me, 'settings', { spread_bps: null });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().settings).not.toHaveProperty('spread_bps');
  });
});
