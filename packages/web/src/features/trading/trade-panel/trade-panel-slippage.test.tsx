import type { User } from '@papertrade/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, makeTransaction, makeUser } from '../../../test/fixtures.ts';
import { mockApi, type Handler } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { TradePanel } from './trade-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup(user: User, trade?: Handler) {
  const api = mockApi((request) => {
    if (request.path === '/auth/session') return { body: { user } };
    if (request.path === '/all-assets') return { body: [BTC] };
    return trade?.(request);
  });
  renderPage(<TradePanel asset={BTC} />, ['/transaction']);
  return api;
}

async function typeOrder(amount: string, cap: string) {
  await screen.findByText('Buying power');
  await userEvent.type(screen.getByLabelText('Amount'), amount);
  if (cap) await userEvent.type(screen.getByLabelText('Max slippage (bps)'), cap);
  await userEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
}

describe('trade panel max slippage', () => {
  it('sends the cap as maxSlippageBps, and the fill says how much of the order filled', async () => {
    const user = makeUser();
    const tx = makeTransaction({
      assetsPurchasedSold: 0.5,
      midPrice: 40_000,
      slippageBps: 9.5,
      levels: 2,
      requestedShares: 2,
    });
    const api = setup(user, (r) =>
      r.path === '/purchase-asset' ? { body: { ...user, transaction: tx } } : undefined,
    );
    await typeOrder('1000', '25');
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Successful!' });
    expect(api.calls.find((c) => c.path === '/purchase-asset')?.body).toMatchObject({
      assetAmount: 1000,
      maxSlippageBps: 25,
    });
    expect(within(dialog).getByText('2 price levels of the book')).toBeInTheDocument();
    expect(within(dialog).getByText('9.5 bps')).toBeInTheDocument();
    expect(within(dialog).getByText('filled 0.5000 of 2.0000 BTC requested')).toBeInTheDocument();
  });

  it('without a cap, sends no maxSlippageBps', async () => {
    const user = makeUser();
    const api = setup(user, (r) =>
      r.path === '/purchase-asset'
        ? { body: { ...user, transaction: makeTransaction() } }
        : undefined,
    );
    await typeOrder('100', '');
    await screen.findByRole('dialog', { name: 'Transaction Successful!' });
    expect(api.calls.find((c) => c.path === '/purchase-asset')?.body).not.toHaveProperty(
      'maxSlippageBps',
    );
  });

  it('a 409 NO_LIQUIDITY answer shows under the cap, in words that say what to change', async () => {
    setup(makeUser(), (r) =>
      r.path === '/purchase-asset'
        ? {
            status: 409,
            body: { error: 'Nothing fills within 5 bps', code: 'NO_LIQUIDITY' },
          }
        : undefined,
    );
    await typeOrder('1000', '5');
    const cap = screen.getByLabelText('Max slippage (bps)');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing could fill within 5 bps of the mid',
    );
    expect(cap).toHaveAccessibleDescription(/the order book is too thin right now/);
    expect(screen.getByLabelText('Amount')).not.toHaveAccessibleDescription(/thin/);
  });

  it('a cap above 1,000 bps is refused under the field, and nothing is sent', async () => {
    const api = setup(makeUser());
    await typeOrder('100', '1500');
    expect(screen.getByLabelText('Max slippage (bps)')).toHaveAccessibleDescription(
      'Enter a whole number of bps from 0 to 1000',
    );
    expect(api.calls.some((c) => c.path === '/purchase-asset')).toBe(false);
  });
});
