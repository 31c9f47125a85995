import type { User } from '@papertrade/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, ETH, WALLET, makeUser } from '../../../test/fixtures.ts';
import { mockApi, type Handler } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { TradePanel } from './trade-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const position = {
  positionId: 'p1',
  symbol: 'BTC',
  type: 'PURCHASE',
  limitAsk: 38_000,
  purchaseAsk: 500,
  timestamp: 1_700_000_000_000,
  status: 'WORKING',
} as const;

function setup(user: User, order?: Handler) {
  const api = mockApi((request) => {
    if (request.path === '/auth/session') return { body: { user } };
    if (request.path === '/all-assets') return { body: [BTC, ETH] };
    return order?.(request);
  });
  renderPage(<TradePanel />, ['/order']);
  return api;
}

async function chooseLimit() {
  await screen.findByText('Buying power');
  await userEvent.click(screen.getByRole('button', { name: 'Limit' }));
  return {
    limit: screen.getByLabelText('Limit price'),
    amount: screen.getByLabelText('Amount'),
  };
}

describe('trade panel, limit orders', () => {
  it('Limit shows the limit price prefilled with the current price, in dollars, without a unit toggle', async () => {
    setup(makeUser());
    const { limit } = await chooseLimit();
    expect(limit).toHaveValue('40000');
    expect(screen.queryByRole('group', { name: 'Unit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Place limit buy' })).toBeDisabled();
  });

  it('previews what the order reserves and buys', async () => {
    setup(makeUser());
    const { limit, amount } = await chooseLimit();
    await userEvent.clear(limit);
    await userEvent.type(limit, '38000');
    await userEvent.type(amount, '500');
    expect(
      screen.getByText(
        'Reserves $500.00 now; buys about 0.01315789 BTC if the price falls to $38,000.00',
      ),
    ).toBeInTheDocument();
  });

  it('says under the amount when the cash does not cover it, without asking the server', async () => {
    const api = setup(makeUser({ balance: 100 }));
    const { amount } = await chooseLimit();
    await userEvent.type(amount, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Place limit buy' }));
    expect(amount).toHaveAccessibleDescription(/^Insufficient funds/);
    expect(api.calls.some((c) => c.path === '/open-limit-position')).toBe(false);
  });

  it('sends the limit buy and confirms it with a link to the orders', async () => {
    const api = setup(makeUser(), (request) =>
      request.path === '/open-limit-position'
        ? { status: 201, body: { ...makeUser({ balance: 99_500 }), limitPosition: position } }
        : undefined,
    );
    const { limit, amount } = await chooseLimit();
    await userEvent.clear(limit);
    await userEvent.type(limit, '38000');
    await userEvent.type(amount, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Place limit buy' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Limit order placed');
    expect(within(status).getByRole('link', { name: 'View orders' })).toHaveAttribute(
      'href',
      '/order',
    );
    expect(api.calls.find((c) => c.path === '/open-limit-position')?.body).toEqual({
      type: 'PURCHASE',
      symbol: 'BTC',
      walletAddress: WALLET,
      limitAsk: 38_000,
      purchaseAsk: 500,
      timeInForce: 'GTC',
    });
    expect(amount).toHaveValue('');
  });

  it('keeps the limit price the order was placed at, never the market price', async () => {
    setup(makeUser(), (request) =>
      request.path === '/open-limit-position'
        ? { status: 201, body: { ...makeUser({ balance: 99_500 }), limitPosition: position } }
        : undefined,
    );
    const { limit, amount } = await chooseLimit();
    await userEvent.clear(limit);
    await userEvent.type(limit, '38000');
    await userEvent.type(amount, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Place limit buy' }));
    await screen.findByText(/Limit order placed/);
    expect(limit).toHaveValue('38000');
    expect(screen.queryByText(/fills at the next price update/)).toBeNull();
  });

  it('sends a limit sell in shares', async () => {
    const api = setup(makeUser({ assets: { BTC: 2 } }), (request) =>
      request.path === '/open-limit-position'
        ? {
            status: 201,
            body: {
              ...makeUser(),
              limitPosition: { ...position, type: 'SELL', purchaseAsk: undefined, sellAsk: 1 },
            },
          }
        : undefined,
    );
    await screen.findByText('Buying power');
    await userEvent.click(screen.getByRole('tab', { name: 'Sell' }));
    await userEvent.click(screen.getByRole('button', { name: 'Limit' }));
    await userEvent.type(screen.getByLabelText('Amount'), '1.5');
    expect(
      screen.getByText(/^Reserves 1\.5000 BTC now; sells for about \$60,000\.00/),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Place limit sell' }));
    await screen.findByRole('status');
    expect(api.calls.find((c) => c.path === '/open-limit-position')?.body).toMatchObject({
      type: 'SELL',
      limitAsk: 40_000,
      sellAsk: 1.5,
    });
  });

  it('shows the server error under the amount', async () => {
    setup(makeUser(), (request) =>
      request.path === '/open-limit-position'
        ? { status: 400, body: { error: 'Markets are closed for this asset.', code: 'X' } }
        : undefined,
    );
    const { amount } = await chooseLimit();
    await userEvent.type(amount, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Place limit buy' }));
    await vi.waitFor(() =>
      expect(amount).toHaveAccessibleDescription('Markets are closed for this asset.'),
    );
  });

  it('notes that a buy limit at or above the price fills at the next price update', async () => {
    setup(makeUser());
    const { limit } = await chooseLimit();
    const note =
      'The market price is already at or below your limit: this order fills at the next price update, at about $40,000.00.';
    expect(screen.getByRole('note')).toHaveTextContent(note);
    await userEvent.clear(limit);
    await userEvent.type(limit, '39000');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('notes that a sell limit at or below the price fills at the next price update', async () => {
    setup(makeUser({ assets: { BTC: 2 } }));
    await screen.findByText('Buying power');
    await userEvent.click(screen.getByRole('tab', { name: 'Sell' }));
    await userEvent.click(screen.getByRole('button', { name: 'Limit' }));
    const limit = screen.getByLabelText('Limit price');
    await userEvent.clear(limit);
    await userEvent.type(limit, '39000');
    expect(screen.getByRole('note')).toHaveTextContent(
      'The market price is already at or above your limit: this order fills at the next price update, at about $40,000.00.',
    );
    await userEvent.clear(limit);
    await userEvent.type(limit, '41000');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('turns Limit order placed into filled, with its transaction, when the order fills', async () => {
    const placed = { ...position, limitAsk: 40_000 };
    mockApi((request) => {
      if (request.path === '/auth/session') return { body: { user: makeUser() } };
      if (request.path === '/all-assets') return { body: [BTC, ETH] };
      if (request.path === '/open-limit-position')
        return {
          status: 201,
          body: { ...makeUser({ limitPositions: [placed] }), limitPosition: placed },
        };
      return undefined;
    });
    const { queryClient } = renderPage(<TradePanel />, ['/order']);
    const { amount } = await chooseLimit();
    await userEvent.type(amount, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Place limit buy' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Limit order placed');
    // The live socket brings the user with the order filled at the next tick.
    const filled = { ...placed, status: 'FILLED', fillPrice: 39_990, transactionId: 't7' } as const;
    await act(async () => {
      queryClient.setQueryData(['session'], makeUser({ limitPositions: [filled] }));
    });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Limit order filled at $39,990.00');
    expect(within(status).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/transaction?id=t7',
    );
  });
});
