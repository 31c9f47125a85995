import type { User } from '@papertrade/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, ETH, WALLET, makeUser } from '../../../test/fixtures.ts';
import { mockApi, type Handler } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { TradePanel, type TradePanelProps } from './trade-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const placed = {
  positionId: 'p3',
  symbol: 'BTC',
  type: 'PURCHASE',
  orderType: 'LIMIT',
  limitAsk: 38_000,
  purchaseAsk: 1_000,
  timeInForce: 'GTC',
  timestamp: 1_700_000_000_000,
  status: 'WORKING',
} as const;

function setup(user: User, order?: Handler, props: TradePanelProps = {}) {
  const api = mockApi((request) => {
    if (request.path === '/auth/session') return { body: { user } };
    if (request.path === '/all-assets') return { body: [BTC, ETH] };
    return order?.(request);
  });
  renderPage(<TradePanel {...props} />, ['/order']);
  return api;
}

const sent = (api: ReturnType<typeof setup>) =>
  api.calls.find((c) => c.path === '/open-limit-position')?.body;

describe('trade panel, time in force on a limit', () => {
  it('a limit buy can last until the end of the day', async () => {
    const api = setup(makeUser(), (r) =>
      r.path === '/open-limit-position'
        ? { status: 201, body: { ...makeUser(), limitPosition: placed } }
        : undefined,
    );
    await screen.findByText('Buying power');
    await userEvent.click(screen.getByRole('button', { name: 'Limit' }));
    await userEvent.type(screen.getByLabelText('Amount'), '1000');
    await userEvent.click(screen.getByRole('combobox', { name: 'Time in force' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Until end of day' }));
    await userEvent.click(screen.getByRole('button', { name: 'Place limit buy' }));
    await screen.findByRole('status');
    expect(sent(api)).toMatchObject({ limitAsk: 40_000, purchaseAsk: 1000, timeInForce: 'DAY' });
  });
});

describe('trade panel, a buy with take-profit and stop-loss', () => {
  it('explains each leg at the current price, checks them as the server does and sends the bracket', async () => {
    const api = setup(makeUser(), (r) =>
      r.path === '/open-limit-position'
        ? { status: 201, body: { ...makeUser(), limitPosition: placed } }
        : undefined,
    );
    await screen.findByText('Buying power');
    await userEvent.click(screen.getByRole('button', { name: 'Limit' }));
    const section = screen.getByRole('button', { name: /Protect this trade/ });
    expect(section).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(section);
    const takeProfit = screen.getByLabelText('Take-profit price');
    expect(takeProfit).toHaveAccessibleDescription(
      'If BTC rises to $46,000.00, sells the shares you bought at that price or higher.',
    );
    const stopLoss = screen.getByLabelText('Stop-loss price');
    expect(stopLoss).toHaveAccessibleDescription(
      'If BTC falls to $36,000.00, sells the shares you bought at the market to limit the loss.',
    );
    const limit = screen.getByLabelText('Limit price');
    await userEvent.clear(limit);
    await userEvent.type(limit, '38000');
    await userEvent.type(screen.getByLabelText('Amount'), '1000');
    // Under the limit it would sell as soon as the buy fills.
    await userEvent.type(takeProfit, '37000');
    await userEvent.type(stopLoss, '35000');
    await userEvent.click(screen.getByRole('button', { name: 'Place limit buy' }));
    expect(takeProfit).toHaveAccessibleDescription(
      'The take-profit must be above the limit of $38,000.00: at $37,000.00 it would sell at once.',
    );
    expect(sent(api)).toBeUndefined();

    await userEvent.clear(takeProfit);
    await userEvent.type(takeProfit, '44000');
    const review = screen.getByRole('region', { name: 'Review' });
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Reserves $1,000.00 now; buys about 0.02631579 BTC if the price falls to $38,000.00',
      'Take-profit: sells the shares bought at $44,000.00 or higher if BTC rises there',
      'Stop-loss: sells the shares bought at the market if BTC falls to $35,000.00',
      'When one of the two fills, the other is cancelled',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Place limit buy' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Limit order placed; its take-profit and stop-loss start once it fills',
    );
    expect(sent(api)).toEqual({
      type: 'PURCHASE',
      symbol: 'BTC',
      walletAddress: WALLET,
      limitAsk: 38_000,
      purchaseAsk: 1000,
      timeInForce: 'GTC',
      attached: { takeProfit: { limitAsk: 44_000 }, stopLoss: { stopPrice: 35_000 } },
    });
  });

  it('a stop buy may carry a trailing stop-loss alone; a server refusal goes under its leg', async () => {
    const api = setup(makeUser(), (r) =>
      r.path === '/open-limit-position'
        ? {
            status: 400,
            body: {
              error: 'A trail is 0.1 to 50 percent, with at most 2 decimals',
              code: 'TRAIL_OUT_OF_RANGE',
              field: 'attached.stopLoss.trailPercent',
            },
          }
        : undefined,
    );
    await screen.findByText('Buying power');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await userEvent.type(screen.getByLabelText('Stop price'), '42000');
    await userEvent.type(screen.getByLabelText('Amount'), '500');
    await userEvent.click(screen.getByRole('button', { name: /Protect this trade/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Trail %' }));
    const trail = screen.getByLabelText('Stop-loss trail');
    await userEvent.type(trail, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Place stop buy' }));
    await vi.waitFor(() =>
      expect(trail).toHaveAccessibleDescription(
        'A trail is 0.1 to 50 percent, with at most 2 decimals',
      ),
    );
    expect(sent(api)).toMatchObject({
      orderType: 'STOP',
      stopPrice: 42_000,
      attached: { stopLoss: { trailPercent: 5 } },
    });
  });

  it('sends no bracket while the section is closed, and offers none on a market buy', async () => {
    const api = setup(makeUser(), (r) =>
      r.path === '/open-limit-position'
        ? { status: 201, body: { ...makeUser(), limitPosition: placed } }
        : undefined,
    );
    await screen.findByText('Buying power');
    expect(screen.queryByRole('button', { name: /Protect this trade/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Limit' }));
    await userEvent.click(screen.getByRole('button', { name: /Protect this trade/ }));
    await userEvent.type(screen.getByLabelText('Take-profit price'), '45000');
    await userEvent.click(screen.getByRole('button', { name: /Protect this trade/ }));
    await userEvent.type(screen.getByLabelText('Amount'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Place limit buy' }));
    await screen.findByRole('status');
    expect(sent(api)).not.toHaveProperty('attached');
  });

  it('opens with the method, side and leg a lesson asks for', async () => {
    setup(makeUser(), undefined, { initialMethod: 'LIMIT', initialProtect: 'trail' });
    await screen.findByText('Buying power');
    expect(screen.getByRole('button', { name: 'Limit' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Protect this trade/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Trail %' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('trade panel, OCO sell', () => {
  it('is offered on sells only, checks both legs and the shares, then sends the pair', async () => {
    const api = setup(makeUser({ assets: { BTC: 2 } }), (r) =>
      r.path === '/open-limit-position'
        ? {
            status: 201,
            body: {
              ...makeUser(),
              limitPosition: { ...placed, type: 'SELL', purchaseAsk: undefined, sellAsk: 1 },
            },
          }
        : undefined,
    );
    await screen.findByText('Buying power');
    const oco = { name: 'Take-profit + stop-loss (OCO)' };
    expect(screen.queryByRole('button', oco)).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Sell' }));
    await userEvent.click(screen.getByRole('button', oco));
    expect(
      screen.getByText(/^Take-profit \+ stop-loss \(OCO\): two sells of the same shares/),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText('Amount'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Place OCO sell' }));
    expect(screen.getByLabelText('Take-profit price')).toHaveAccessibleDescription(
      'Enter a take-profit price above 0.',
    );
    await userEvent.type(screen.getByLabelText('Take-profit price'), '45000');
    await userEvent.type(screen.getByLabelText('Stop-loss price'), '41000');
    await userEvent.click(screen.getByRole('button', { name: 'Place OCO sell' }));
    expect(screen.getByLabelText('Stop-loss price')).toHaveAccessibleDescription(
      'The stop-loss must be below the current price of $40,000.00: at $41,000.00 it would sell at once.',
    );
    await userEvent.clear(screen.getByLabelText('Stop-loss price'));
    await userEvent.type(screen.getByLabelText('Stop-loss price'), '36000');
    await userEvent.click(screen.getByRole('button', { name: 'Place OCO sell' }));
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
      'You own only 2.0000 BTC that is not already reserved.',
    );
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '1');
    expect(
      within(screen.getByRole('region', { name: 'Review' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Place OCO sell' }));
    expect(await screen.findByRole('status')).toHaveTextContent('OCO order placed');
    expect(sent(api)).toEqual({
      type: 'SELL',
      symbol: 'BTC',
      walletAddress: WALLET,
      orderType: 'OCO',
      sellAsk: 1,
      takeProfit: { limitAsk: 45_000 },
      stopLoss: { stopPrice: 36_000 },
      timeInForce: 'GTC',
    });
  });

  it("the server's INSUFFICIENT_SHARES goes under the amount", async () => {
    setup(makeUser({ assets: { BTC: 2 } }), (r) =>
      r.path === '/open-limit-position'
        ? {
            status: 400,
            body: {
              error: 'You do not have enough BTC to sell',
              code: 'INSUFFICIENT_SHARES',
              field: 'sellAsk',
            },
          }
        : undefined,
    );
    await screen.findByText('Buying power');
    await userEvent.click(screen.getByRole('tab', { name: 'Sell' }));
    await userEvent.click(screen.getByRole('button', { name: 'Take-profit + stop-loss (OCO)' }));
    await userEvent.type(screen.getByLabelText('Take-profit price'), '45000');
    await userEvent.type(screen.getByLabelText('Stop-loss price'), '36000');
    await userEvent.type(screen.getByLabelText('Amount'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Place OCO sell' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
        'You do not have enough BTC to sell',
      ),
    );
  });
});
