import { STARTING_BALANCE_CENTS } from '@papertrade/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../app.ts';
import { buy, post, sell, setPrice } from '../../../test/calls.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';

// One app for the file: every case must leave the account exactly as it was, which each one checks.
let t: TestApp;
let ann: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ann = await createTestUser(t.ctx);
  bob = await createTestUser(t.ctx);
  await setPrice(t.app, 'BTC', 50_000);
  // Ann holds 0.5 BTC, so sells have something to (fail to) sell.
  const res = await buy(t.app, ann, 'BTC', 0.5);
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(async () => {
  await t.close();
});

const START_CASH = STARTING_BALANCE_CENTS - 2_500_000n;
const START_SHARES = 50_000_000n;

async function expectUnchanged() {
  expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
    cash: START_CASH,
    shares: START_SHARES,
  });
  const txs = await t.ctx.db
    .selectFrom('transactions')
    .select('id')
    .where('portfolio_id', '=', ann.id)
    .execute();
  expect(txs).toHaveLength(1);
  await expectSound(t.ctx, [ann.id]);
}

function rawPost(url: string, payload: string, headers: Record<string, string> = ann.headers) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload,
  });
}

const rejects = (status: number, code: string, field?: string) => ({ status, code, field });

describe.each(['/purchase-asset', '/sell-asset'])('bad input to %s', (url) => {
  const order = (assetAmount: unknown, extra: Record<string, unknown> = {}) =>
    post(t.app, ann, url, { symbol: 'BTC', assetAmount, ...extra });

  it.each([
    ['an amount of 0', 0, {}, rejects(400, 'VALIDATION_ERROR', 'assetAmount')],
    ['a negative amount', -1, {}, rejects(400, 'VALIDATION_ERROR', 'assetAmount')],
    ['an amount that is a string', '1', {}, rejects(400, 'VALIDATION_ERROR', 'assetAmount')],
    ['more than 8 decimals', 0.000000001, {}, rejects(400, 'VALIDATION_ERROR', 'assetAmount')],
    [
      'a USD amount with 3 decimals',
      10.005,
      { unit: 'USD' },
      rejects(400, 'VALIDATION_ERROR', 'assetAmount'),
    ],
    ['an unknown unit', 1, { unit: 'EUR' }, rejects(400, 'VALIDATION_ERROR', 'unit')],
    ['no amount', undefined, {}, rejects(400, 'VALIDATION_ERROR', 'assetAmount')],
  ])('%s is refused and changes nothing', async (_name, amount, extra, expected) => {
    const res = await order(amount, extra);
    expect(res.statusCode).toBe(expected.status);
    const body = res.json<{ code: string; field?: string; error: string }>();
    expect(body).toMatchObject({ code: expected.code, field: expected.field });
    expect(body.error.length).toBeGreaterThan(0);
    await expectUnchanged();
  });

  it('an unknown symbol is 400 UNKNOWN_SYMBOL and changes nothing', async () => {
    const res = await post(t.app, ann, url, { symbol: 'XYZ', assetAmount: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Unknown asset XYZ',
      code: 'UNKNOWN_SYMBOL',
      field: 'symbol',
    });
    await expectUnchanged();
  });

  it('1e309 (Infinity once parsed) is refused and changes nothing', async () => {
    const res = await rawPost(
      url,
      `{"symbol":"BTC","assetAmount":1e309,"walletAddress":"${ann.walletAddress}"}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'assetAmount' });
    await expectUnchanged();
  });

  it('NaN (not JSON) is refused and changes nothing', async () => {
    const res = await rawPost(
      url,
      `{"symbol":"BTC","assetAmount":NaN,"walletAddress":"${ann.walletAddress}"}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON' });
    await expectUnchanged();
  });

  it('malformed JSON is 400 and changes nothing', async () => {
    const res = await rawPost(url, '{"symbol":"BTC","assetAmount":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_JSON',
      error: 'The request body is not valid JSON',
    });
    await expectUnchanged();
  });

  it('a body over 100 KB is 413 and changes nothing', async () => {
    const padding = 'x'.repeat(BODY_LIMIT + 1);
    const res = await rawPost(
      url,
      JSON.stringify({ symbol: 'BTC', assetAmount: 1, walletAddress: ann.walletAddress, padding }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    await expectUnchanged();
  });

  it("another user's walletAddress in the body is 403 WALLET_MISMATCH and changes nothing", async () => {
    const res = await order(0.1, { walletAddress: bob.walletAddress });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'WALLET_MISMATCH' });
    await expectUnchanged();
  });

  it("another user's wallet in the Wallet header is 403 WALLET_MISMATCH and changes nothing", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...ann.headers, wallet: bob.walletAddress },
      payload: { symbol: 'BTC', assetAmount: 0.1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'WALLET_MISMATCH' });
    await expectUnchanged();
  });

  it('no session is 401 and changes nothing, even with a bad body', async () => {
    const res = await post(t.app, null, url, {
      symbol: 'BTC',
      assetAmount: 0.1,
      walletAddress: ann.walletAddress,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const bad = await post(t.app, null, url, { symbol: 'BTC', assetAmount: -1 });
    expect(bad.statusCode).toBe(401);
    await expectUnchanged();
  });
});

describe('orders larger than what the user has', () => {
  it('buying more than the buying power is 400 INSUFFICIENT_FUNDS with both amounts, and changes nothing', async () => {
    const res = await buy(t.app, ann, 'BTC', 2);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Insufficient funds: the order costs $100,000.00 and buying power is $75,000.00',
      code: 'INSUFFICIENT_FUNDS',
      field: 'assetAmount',
    });
    const usd = await buy(t.app, ann, 'BTC', 75_000.01, 'USD');
    expect(usd.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await expectUnchanged();
  });

  it('selling more than the free shares is 400 INSUFFICIENT_SHARES, and changes nothing', async () => {
    const res = await sell(t.app, ann, 'BTC', 1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'You hold 0.5 BTC, the order sells 1 BTC',
      code: 'INSUFFICIENT_SHARES',
      field: 'assetAmount',
    });
    // 25,000.01 USD at 50,000 needs 0.5000002 BTC.
    const usd = await sell(t.app, ann, 'BTC', 25_000.01, 'USD');
    expect(usd.json()).toMatchObject({ code: 'INSUFFICIENT_SHARES' });
    const none = await sell(t.app, ann, 'ETH', 1);
    expect(none.json()).toMatchObject({
      code: 'INSUFFICIENT_SHARES',
      error: 'You hold 0 ETH, the order sells 1 ETH',
    });
    await expectUnchanged();
  });

  it('an amount that buys less than 1e-8 shares is 400 AMOUNT_TOO_SMALL, and changes nothing', async () => {
    await setPrice(t.app, 'BTC', 2_000_000);
    // 0.01 USD at 2,000,000 is 0.000000005 BTC: nothing after rounding down.
    const res = await buy(t.app, ann, 'BTC', 0.01, 'USD');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'AMOUNT_TOO_SMALL', field: 'assetAmount' });
    await setPrice(t.app, 'BTC', 50_000);
    await expectUnchanged();
  });
});
