import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';

const { t } = useTestApp();

async function stored(assetId: string) {
  const rows = await t.ctx.db
    .selectFrom('order_book_consumption')
    .select(['side', 'shares', 'at'])
    .where('asset_id', '=', assetId)
    .orderBy('side')
    .execute();
  return rows.map((r) => ({ side: r.side, shares: BigInt(r.shares), at: Number(r.at) }));
}

describe('order book consumption', () => {
  it('the table refuses a side other than bid or ask', async () => {
    await expect(
      t.ctx.db
        .insertInto('order_book_consumption')
        .values({ asset_id: 'btcusd', side: 'mid' as 'bid', shares: 1n, at: 0 })
        .execute(),
    ).rejects.toThrow();
    expect(await stored('btcusd')).toEqual([]);
  });
});
