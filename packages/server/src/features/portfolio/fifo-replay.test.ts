import { describe, expect, it } from 'vitest';
import { units, USD } from '../../../test/test-rows.ts';
import { costToCents, replayFifo, type FillRow } from './fifo-replay.ts';

let seq = 0;
const fill = (
  type: FillRow['type'],
  symbol: string,
  shares: string,
  price: string,
  totalCents: bigint,
  feeCents = 0n,
): FillRow => {
  seq += 1;
  return {
    id: `t${String(seq).padStart(4, '0')}`,
    type,
    symbol,
    shares: units(shares),
    price: units(price),
    totalCents,
    feeCents,
    createdAt: seq,
  };
};

describe('replayFifo', () => {
  it('two buys at different prices, two partial sells: each sale costs its oldest lots', () => {
    const result = replayFifo([
      fill('PURCHASE', 'BTC', '1', '30000', USD(30_000)),
      fill('PURCHASE', 'BTC', '0.5', '40000', USD(20_000)),
      fill('SELL', 'BTC', '0.6', '35000', USD(21_000)),
      fill('SELL', 'BTC', '0.6', '25000', USD(15_000)),
    ]);
    // 0.6 x 30,000 from the first lot; then its last 0.4 x 30,000 and 0.2 x 40,000 from the second.
    expect(result.sales.map((s) => [s.costCents, s.realisedCents])).toEqual([
      [USD(18_000), USD(3_000)],
      [USD(20_000), USD(-5_000)],
    ]);
    expect(result.open).toEqual(
      new Map([
        ['BTC', { shares: units('0.3'), cost: units('0.3') * units('40000'), feeCents: 0n }],
      ]),
    );
    expect(result.unmatchedShares).toBe(0n);
  });

  it('symbols keep their own queues', () => {
    const result = replayFifo([
      fill('PURCHASE', 'ETH', '2', '2000', USD(4_000)),
      fill('PURCHASE', 'SOL', '10', '100', USD(1_000)),
      fill('SELL', 'SOL', '4', '150', USD(600)),
      fill('SELL', 'ETH', '1', '1500', USD(1_500)),
    ]);
    expect(result.sales.map((s) => [s.symbol, s.realisedCents])).toEqual([
      ['SOL', USD(200)],
      ['ETH', USD(-500)],
    ]);
    expect([...result.open.keys()].sort()).toEqual(['ETH', 'SOL']);
  });

  it('odd sizes and 8-decimal prices: the cost is exact until the one rounding to the cent', () => {
    const result = replayFifo([
      fill('PURCHASE', 'BTC', '0.00333333', '30000.00000001', USD(100)),
      fill('PURCHASE', 'BTC', '0.001', '29999.99999999', USD(30)),
      fill('SELL', 'BTC', '0.004', '31000', USD(124)),
    ]);
    // 0.00333333 x 30,000.00000001 + 0.00066667 x 29,999.99999999 = 120.0000000000266666 dollars.
    const exact =
      units('0.00333333') * units('30000.00000001') + units('0.00066667') * units('29999.99999999');
    expect(exact).toBe(1_200_000_000_000_266_666n);
    const [sale] = result.sales;
    expect(sale?.costCents).toBe(12_000n);
    expect(sale?.realisedCents).toBe(400n);
    expect(result.open.get('BTC')).toEqual({
      shares: units('0.00033333'),
      cost: units('0.00033333') * units('29999.99999999'),
      feeCents: 0n,
    });
  });

  it('a whole position sold and bought again starts a new cost', () => {
    const result = replayFifo([
      fill('PURCHASE', 'DOGE', '1000', '0.4', USD(400)),
      fill('SELL', 'DOGE', '1000', '0.5', USD(500)),
      fill('PURCHASE', 'DOGE', '500', '0.3', USD(150)),
      fill('SELL', 'DOGE', '250', '0.2', USD(50)),
    ]);
    expect(result.sales.map((s) => s.realisedCents)).toEqual([USD(100), USD(-25)]);
    expect(result.open.get('DOGE')?.shares).toBe(units('250'));
  });

  it('shares sold beyond every lot are counted as unmatched, not invented', () => {
    const result = replayFifo([
      fill('PURCHASE', 'ADA', '1', '1', USD(1)),
      fill('SELL', 'ADA', '3', '1', USD(3)),
    ]);
    expect(result.unmatchedShares).toBe(units('2'));
    expect(result.open.size).toBe(0);
  });

  it("fees: a sale nets its own fee and carries its lots' share of their buy fees, each fee counted once in all", () => {
    const result = replayFifo([
      // A $1.00 fee on 3 shares, then a $0.10 fee on 1 share.
      fill('PURCHASE', 'SOL', '3', '100', USD(300), USD(1)),
      fill('PURCHASE', 'SOL', '1', '110', USD(110), USD(0.1)),
      // 1 of the first lot's 3 shares: a third of $1.00, rounded down to $0.33.
      fill('SELL', 'SOL', '1', '120', USD(120), USD(0.12)),
      // The first lot's last 2 shares take the rest of its fee ($0.67), the second lot all of its $0.10.
      fill('SELL', 'SOL', '3', '90', USD(270), USD(0.27)),
    ]);
    expect(result.sales.map((s) => [s.proceedsCents, s.costCents, s.realisedCents])).toEqual([
      [USD(119.88), USD(100.33), USD(19.55)],
      [USD(269.73), USD(310.77), USD(-41.04)],
    ]);
    // Sold out: realised P&L is exactly what the cash gained and lost, fees included.
    const cashMoved = -USD(301) - USD(110.1) + USD(119.88) + USD(269.73);
    expect(result.sales.reduce((sum, s) => sum + s.realisedCents, 0n)).toBe(cashMoved);
    expect(result.open).toEqual(new Map());
  });

  it('costToCents rounds half a cent up and less down', () => {
    expect(costToCents(50_000_000_000_000n)).toBe(1n);
    expect(costToCents(49_999_999_999_999n)).toBe(0n);
    expect(costToCents(0n)).toBe(0n);
  });
});
