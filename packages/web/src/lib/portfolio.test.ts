import { describe, expect, it } from 'vitest';
import { BTC, ETH } from '../test/fixtures.ts';
import { portfolioTotals, unrealisedPnlAt } from './portfolio.ts';
import { makeUser } from '../test/fixtures.ts';

describe("unrealised P&L at the page's prices", () => {
  it("values each position at the prices of the total beside it, not the insight's fetch", () => {
    // The insight was fetched at $40,000.08 a BTC (+$0.04); the page's prices say $40,000.06.
    const positions = [{ symbol: 'BTC', shares: 0.5, cost: 20_000, unrealisedPnl: 0.04 }];
    const now = { ...BTC, currentPrice: 40_000.06 };
    expect(unrealisedPnlAt(positions, [now, ETH])).toBe(0.03);
    // The total balance from the same prices moves by the same $0.03.
    const user = makeUser({ balance: 0, startingBalance: 20_000, assets: { BTC: 0.5 } });
    expect(portfolioTotals(user, [now, ETH]).total - 20_000).toBeCloseTo(0.03, 10);
  });

  it("keeps the server's figure for a position whose price is not listed", () => {
    const positions = [{ symbol: 'DOGE', shares: 10, cost: 3, unrealisedPnl: 0.25 }];
    expect(unrealisedPnlAt(positions, [BTC])).toBe(0.25);
  });
});
