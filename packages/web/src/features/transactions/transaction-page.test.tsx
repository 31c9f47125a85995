import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransaction, makeUser } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import TransactionPage from './transaction-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('transaction page', () => {
  it('shows the total in dollars and cents, as the heading does', async () => {
    const tx = makeTransaction({ transactionTotal: 1_000, assetsPurchasedSold: 0.025 });
    mockApi((r) => (r.path === `/transactions/${tx.id}` ? { body: tx } : undefined));
    const queryClient = testQueryClient();
    queryClient.setQueryData(['session'], makeUser());
    renderRoutes(
      [{ path: '/transaction', element: <TransactionPage /> }],
      `/transaction?id=${tx.id}`,
      queryClient,
    );
    const details = await screen.findByRole('table', { name: 'Transaction details' }, { timeout: 5_000 });
    const total = within(details).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(total).toHaveTextContent('$1,000.00');
    expect(total).not.toHaveTextContent('$1,000.000');
    expect(screen.getByRole('heading', { name: 'Bought BTC for $1,000.00' })).toBeInTheDocument();
  });
});
