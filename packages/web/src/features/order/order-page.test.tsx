import type { LimitPosition } from '@papertrade/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, ETH, WALLET, makeUser } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import OrderPage from './order-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const working: LimitPosition = {
  positionId: 'p1',
  symbol: 'BTC',
  type: 'PURCHASE',
  limitAsk: 38_000,
  purchaseAsk: 500,
  timestamp: 1_700_000_000_000,
  status: 'WORKING',
};
const filled: LimitPosition = {
  ...working,
  positionId: 'p0',
  type: 'SELL',
  purchaseAsk: undefined,
  sellAsk: 0.5,
  status: 'FILLED',
  fillPrice: 41_000,
  transactionId: 't9',
};

const stopLoss: LimitPosition = {
  ...working,
  positionId: 'p2',
  type: 'SELL',
  purchaseAsk: undefined,
  sellAsk: 0.25,
  orderType: 'TRAILING_STOP',
  leg: 'STOP_LOSS',
  limitAsk: 36_000,
  stopPrice: 36_000,
  trailPercent: 10,
};

async function setup(orders: LimitPosition[] = [working, filled]) {
  const user = makeUser({ limitPositions: orders });
  const api = mockApi((r) => {
    if (r.path === '/auth/session') return { body: { user } };
    if (r.path === '/all-assets') return { body: [BTC, ETH] };
    if (r.path === '/cancel-limit-position')
      // A lean answer: the cancelled order and the next version, merged into the record.
      return {
        body: { limitPosition: { ...working, status: 'CANCELLED' }, version: user.version + 1 },
      };
    return undefined;
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['session'], user);
  renderRoutes([{ path: '/order', element: <OrderPage /> }], '/order', queryClient);
  await screen.findByRole('table', { name: 'Working orders' });
  return api;
}

describe('order page', () => {
  it('lists working orders and past orders with the fill and its transaction', async () => {
    await setup();
    const row = within(screen.getByRole('table', { name: 'Working orders' })).getAllByRole(
      'row',
    )[1]!;
    expect(row).toHaveTextContent(/BTC.*Buy.*\$38,000\.00.*\$500\.00/);
    const past = screen.getByRole('table', { name: 'Past orders' });
    expect(past).toHaveTextContent(/Sell.*0\.5000 BTC.*Filled at \$41,000\.00/);
    expect(within(past).getByRole('link', { name: 'View transaction' })).toHaveAttribute(
      'href',
      '/transaction?id=t9',
    );
  });

  it('a partly filled order is listed as working, saying the shares filled and left', async () => {
    await setup([
      { ...working, status: 'PARTIALLY_FILLED', filledShares: 0.004, remainingShares: 0.0092 },
    ]);
    const row = within(screen.getByRole('table', { name: 'Working orders' })).getAllByRole(
      'row',
    )[1]!;
    expect(row).toHaveTextContent('Partly filled: 0.0040 filled · 0.0092 BTC left');
    expect(screen.getByText('No past orders yet.')).toBeInTheDocument();
  });

  it('a cancelled order that got some shares says how many', async () => {
    await setup([
      working,
      { ...working, positionId: 'p5', status: 'CANCELLED', filledShares: 0.004 },
    ]);
    expect(screen.getByRole('table', { name: 'Past orders' })).toHaveTextContent(
      'Cancelled after 0.0040 BTC filled',
    );
  });

  it('names each kind of order and shows its stop and trail, not a limit price it does not have', async () => {
    await setup([stopLoss]);
    const table = screen.getByRole('table', { name: 'Working orders' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Order', 'Stop price', 'Trail']));
    expect(headers).not.toContain('Limit price');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent(/Trailing stop-loss.*Sell.*\$36,000\.00.*10%.*0\.2500 BTC/);
    expect(
      within(row).getByRole('button', { name: 'Cancel trailing stop-loss sell BTC at $36,000.00' }),
    ).toBeInTheDocument();
  });

  it('cancel asks first, then sends positionId and wallet and moves the order to past', async () => {
    const api = await setup();
    await userEvent.click(
      screen.getByRole('button', { name: 'Cancel limit buy BTC at $38,000.00' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(api.calls.some((c) => c.path === '/cancel-limit-position')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(/No working orders/)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.path === '/cancel-limit-position')?.body).toEqual({
      positionId: 'p1',
      walletAddress: WALLET,
    });
    expect(screen.getByRole('table', { name: 'Past orders' })).toHaveTextContent('Cancelled');
  });
});
