import type { LimitPosition } from '@papertrade/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BTC, ETH, makeUser } from '../test/fixtures.ts';
import { renderPage } from '../test/render.tsx';
import { HoldingsTable } from './holdings-table.tsx';

const sell = (positionId: string, sellAsk: number): LimitPosition => ({
  positionId,
  symbol: 'BTC',
  type: 'SELL',
  limitAsk: 50_000,
  sellAsk,
  timestamp: 1,
  status: 'WORKING',
});

describe('holdings table', () => {
  it('counts every share held, the reserved ones too, and says what orders reserve', () => {
    // 0.01193858 free beside 0.01034782 reserved: 0.0222864 held, as /portfolio says.
    const user = makeUser({
      assets: { BTC: 0.01193858 },
      limitPositions: [sell('p1', 0.01034782)],
    });
    renderPage(<HoldingsTable user={user} assets={[BTC, ETH]} />);
    const row = within(screen.getByRole('table', { name: 'Holdings' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('0.0222864');
    expect(row).toHaveTextContent('0.01034782 reserved by 1 order');
    // 0.0222864 BTC at $40,000.
    expect(row).toHaveTextContent('$891.45');
  });

  it('lists a holding whose shares are all reserved by orders', () => {
    const user = makeUser({ assets: {}, limitPositions: [sell('p1', 0.5), sell('p2', 0.25)] });
    renderPage(<HoldingsTable user={user} assets={[BTC]} />);
    const row = within(screen.getByRole('table', { name: 'Holdings' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('0.7500');
    expect(row).toHaveTextContent('0.7500 reserved by 2 orders');
  });
});
