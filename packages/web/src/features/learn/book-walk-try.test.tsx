import { LESSONS } from '@papertrade/domain/lessons';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransaction, makeUser } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import LearnPage from './learn-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const SLUG = 'liquidity-and-slippage';

function open(answer: { status?: number; body: unknown }, balance = 100_000) {
  const user = makeUser({ balance });
  const api = mockApi((r) => {
    if (r.path === '/all-assets') return { body: [] };
    if (r.path === '/lessons/progress') return { body: [] };
    if (r.path === '/purchase-asset') return answer;
    return undefined;
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['session'], user);
  renderRoutes([{ path: '/learn', element: <LearnPage /> }], `/learn?lesson=${SLUG}`, queryClient);
  return { api, user };
}

describe('the liquidity lesson', () => {
  it('is a lesson of Learn', () => {
    expect(LESSONS.find((l) => l.slug === SLUG)?.title).toBe('Liquidity, spread and slippage');
  });

  it('Try it buys $20,000 of Monero at the market and shows the levels it took', async () => {
    const tx = makeTransaction({
      symbol: 'XMR',
      assetsPurchasedSold: 101.2,
      purchaseSellAsk: 197.62,
      transactionTotal: 20_000,
      midPrice: 195.3,
      slippageBps: 118.79,
      levels: 14,
    });
    const { api, user } = open({ body: { transaction: tx, version: 2 } });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Try it: buy $20,000 of XMR' }),
    );
    const took = await screen.findByRole('table', { name: 'What the order took from the book' });
    const row = (name: string) => within(took).getByRole('rowheader', { name }).closest('tr');
    expect(row('Levels taken')).toHaveTextContent('14 price levels of the book');
    expect(row('Mid price')).toHaveTextContent('$195.30');
    expect(row('Average price')).toHaveTextContent('$197.62');
    expect(row('Slippage')).toHaveTextContent('118.8 bps');
    expect(api.calls.find((c) => c.path === '/purchase-asset')?.body).toEqual({
      symbol: 'XMR',
      walletAddress: user.walletAddress,
      assetAmount: 20_000,
      unit: 'USD',
    });
    expect(screen.getByRole('link', { name: 'View the transaction' })).toHaveAttribute(
      'href',
      `/transaction?id=${tx.id}`,
    );
  });

  it("Try it's refusal shows as is", async () => {
    open({ status: 400, body: { error: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' } });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Try it: buy $20,000 of XMR' }),
    );
    expect(await screen.findByText('Insufficient funds')).toBeInTheDocument();
  });

  it('with under $100 of cash, Try it says what to do instead of ordering', async () => {
    open({ body: {} }, 50);
    expect(await screen.findByText(/Try it needs at least \$100 of cash/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Try it/ })).toBeNull();
  });
});
