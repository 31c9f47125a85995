import { CancelLimitAnswer, OpenLimitAnswer, TradeAnswer } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { buy, cancelLimit, expectStatus, openLimit, sell, setPrice } from '../../../test/calls.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

/** Parsing strips unknown keys at every depth and throws on a wrong type: equal means exactly the contract. */
function expectExactly(schema: { parse(value: unknown): unknown }, body: unknown): void {
  expect(schema.parse(body)).toEqual(body);
}

describe('trade answers (serialized without a schema pass, plain-json-answer.ts)', () => {
  it('every trade answer has exactly the contract shape, no more and no less', async () => {
    await setPrice(t.app, 'ETH', 2_000);
    const bought = await buy(t.app, ann, 'ETH', 500, 'USD');
    expectStatus(bought, 200);
    expectExactly(TradeAnswer, bought.json());

    const sold = await sell(t.app, ann, 'ETH', 0.05, 'SYMBOL');
    expectStatus(sold, 200);
    expectExactly(TradeAnswer, sold.json());

    const opened = await openLimit(t.app, ann, {
      type: 'PURCHASE',
      symbol: 'ETH',
      limitAsk: 1_000,
      purchaseAsk: 100,
    });
    expectStatus(opened, 201);
    const answer = OpenLimitAnswer.parse(opened.json());
    expectExactly(OpenLimitAnswer, opened.json());
    expect(answer.limitPosition.status).toBe('WORKING');

    const cancelled = await cancelLimit(t.app, ann, answer.limitPosition.positionId);
    expectStatus(cancelled, 200);
    expectExactly(CancelLimitAnswer, cancelled.json());
  });
});
