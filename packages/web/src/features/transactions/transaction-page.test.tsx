import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransaction, makeUser } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import TransactionPage from './transaction-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The page of `tx`, served by the mocked API to `user`: its details table once shown. */
async function showTransaction(tx: { id: string }, user = makeUser()): Promise<HTMLElement> {
  mockApi((r) => (r.path === `/transactions/${tx.id}` ? { body: tx } : undefined));
  const queryClient = testQueryClient();
  queryClient.setQueryData(['session'], user);
  renderRoutes(
    [{ path: '/transaction', element: <TransactionPage /> }],
    `/transaction?id=${tx.id}`,
    queryClient,
  );
  return screen.findByRole('table', { name: 'Transaction details' }, { timeout: 5_000 });
}

describe('transaction page', () => {
  it('shows the total in dollars and cents, as the heading does', async () => {
    const tx = makeTransaction({ transactionTotal: 1_000, assetsPurchasedSold: 0.025 });
    const details = await showTransaction(tx);
    const total = within(details).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(total).toHaveTextContent('$1,000.00');
    expect(total).not.toHaveTextContent('$1,000.000');
    expect(screen.getByRole('heading', { name: 'Bought BTC for $1,000.00' })).toBeInTheDocument();
  });

  it("a working order's fill says which order it was and why it filled", async () => {
    const tx = {
      ...makeTransaction({ type: 'SELL', method: 'LIMIT' }),
      trigger: {
        tickAt: 1,
        tickPrice: 201.1,
        orderType: 'STOP' as const,
        reason: 'price $201.10 reached the stop at $202.00',
      },
    };
    const details = await showTransaction(tx);
    expect(
      within(details).getByRole('rowheader', { name: 'Order' }).closest('tr'),
    ).toHaveTextContent('Stop order');
    expect(
      within(details).getByRole('rowheader', { name: 'Why it filled' }).closest('tr'),
    ).toHaveTextContent('price $201.10 reached the stop at $202.00');
  });

  it("a bracket leg's fill names the leg, from the order in the user record", async () => {
    const tx = {
      ...makeTransaction({ type: 'SELL', method: 'LIMIT', symbol: 'ETC', positionId: 'sl1' }),
      trigger: {
        tickAt: 1,
        tickPrice: 79,
        orderType: 'STOP' as const,
        reason: 'price $79.00 reached the stop at $80.00',
      },
    };
    const stopLoss = {
      positionId: 'sl1',
      symbol: 'ETC',
      type: 'SELL' as const,
      limitAsk: 80,
      sellAsk: 10,
      timestamp: 1,
      status: 'FILLED' as const,
      orderType: 'STOP' as const,
      stopPrice: 80,
      leg: 'STOP_LOSS' as const,
      parentId: 'buy1',
      ocoGroupId: 'tp1',
    };
    const details = await showTransaction(tx, makeUser({ limitPositions: [stopLoss] }));
    expect(
      within(details).getByRole('rowheader', { name: 'Order' }).closest('tr'),
    ).toHaveTextContent('Stop-loss order');
  });

  it('a fill that walked the book shows its mid, average, slippage, levels and what of the order filled', async () => {
    const tx = makeTransaction({
      symbol: 'XMR',
      assetsPurchasedSold: 50,
      purchaseSellAsk: 196.5,
      transactionTotal: 9_825,
      midPrice: 195.3,
      slippageBps: 61.44,
      levels: 7,
      requestedShares: 80,
    });
    const details = await showTransaction(tx);
    const row = (name: string) => within(details).getByRole('rowheader', { name }).closest('tr');
    expect(row('Mid price')).toHaveTextContent('$195.30');
    expect(row('Average price')).toHaveTextContent('$196.50');
    expect(row('Slippage')).toHaveTextContent('61.4 bps');
    expect(row('Levels taken')).toHaveTextContent('7 price levels of the book');
    expect(row('Filled')).toHaveTextContent('filled 50.0000 of 80.0000 XMR requested');
  });

  it("a triggered stop's fill that walked the book shows its mid, levels and slippage beside why it filled", async () => {
    const tx = {
      ...makeTransaction({
        type: 'SELL',
        method: 'LIMIT',
        symbol: 'SOL',
        assetsPurchasedSold: 10,
        purchaseSellAsk: 187.2,
        transactionTotal: 1_872,
        midPrice: 189,
        slippageBps: 95.24,
        levels: 4,
      }),
      trigger: {
        tickAt: 1,
        tickPrice: 189,
        orderType: 'STOP' as const,
        reason: 'price $189.00 reached the stop at $190.00',
      },
    };
    const details = await showTransaction(tx);
    const row = (name: string) => within(details).getByRole('rowheader', { name }).closest('tr');
    expect(row('Mid price')).toHaveTextContent('$189.00');
    expect(row('Average price')).toHaveTextContent('$187.20');
    expect(row('Levels taken')).toHaveTextContent('4 price levels of the book');
    expect(row('Slippage')).toHaveTextContent('95.2 bps');
    expect(row('Why it filled')).toHaveTextContent('price $189.00 reached the stop at $190.00');
    // A stop fills whole: there is no "filled of requested" row.
    expect(within(details).queryByRole('rowheader', { name: 'Filled' })).toBeNull();
  });

  it('a fill at one price has no book rows', async () => {
    const tx = makeTransaction();
    const details = await showTransaction(tx);
    expect(within(details).queryByRole('rowheader', { name: 'Levels taken' })).toBeNull();
    expect(within(details).queryByRole('rowheader', { name: 'Mid price' })).toBeNull();
  });
});
