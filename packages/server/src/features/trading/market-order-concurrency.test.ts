import { STARTING_BALANCE_CENTS } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { buy, openLimit, sell, setPrice } from '../../../test/calls.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const codes = (responses: { statusCode: number; json: () => unknown }[]) =>
  responses.map((r) =>
    r.statusCode === 200 || r.statusCode === 201 ? 'OK' : (r.json() as { code: string }).code,
  );

describe('concurrent orders', () => {
  it('twenty concurrent 30,000 USD purchases with 100,000 USD: exactly 3 succeed, the others INSUFFICIENT_FUNDS, cash ends at 10,000', async () => {
    await setPrice(t.app, 'BTC', 90_000);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => buy(t.app, ann, 'BTC', 30_000, 'USD')),
    );
    const result = codes(responses);
    expect(result.filter((c) => c === 'OK')).toHaveLength(3);
    expect(result.filter((c) => c === 'INSUFFICIENT_FUNDS')).toHaveLength(17);
    const { cash, shares } = await balances(t.ctx, ann.id, 'BTC');
    expect(cash).toBe(1_000_000n);
    // Each buy gets floor(30,000 / 90,000) = 0.33333333 BTC.
    expect(shares).toBe(3n * 33_333_333n);
    await expectSound(t.ctx, [ann.id]);
  });

  it('twenty concurrent sells of 0.1 BTC out of 1 BTC: exactly 10 succeed and no share is sold twice', async () => {
    await setPrice(t.app, 'BTC', 10_000);
    expect((await buy(t.app, ann, 'BTC', 1)).statusCode).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => sell(t.app, ann, 'BTC', 0.1)),
    );
    const result = codes(responses);
    expect(result.filter((c) => c === 'OK')).toHaveLength(10);
    expect(result.filter((c) => c === 'INSUFFICIENT_SHARES')).toHaveLength(10);
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: STARTING_BALANCE_CENTS,
      shares: 0n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('market buys racing limit purchases for the same dollars never spend more than the cash', async () => {
    await setPrice(t.app, 'ETH', 1_000);
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? buy(t.app, ann, 'ETH', 15_000, 'USD')
        : openLimit(t.app, ann, {
            type: 'PURCHASE',
            symbol: 'ETH',
            limitAsk: 500,
            purchaseAsk: 15_000,
          }),
    );
    const result = codes(await Promise.all(calls));
    expect(result.filter((c) => c === 'OK')).toHaveLength(6);
    expect(result.filter((c) => c === 'INSUFFICIENT_FUNDS')).toHaveLength(14);
    // Six orders of 15,000 USD each, bought or reserved: 10,000 USD stay free.
    expect((await balances(t.ctx, ann.id, 'ETH')).cash).toBe(1_000_000n);
    await expectSound(t.ctx, [ann.id]);
  });
});
