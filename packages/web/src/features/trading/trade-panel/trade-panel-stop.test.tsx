import { STARTING_BALANCE_USD, type Contest, type User } from '@papertrade/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, ETH, WALLET, makeUser } from '../../../test/fixtures.ts';
import { mockApi, type Handler } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { TradePanel } from './trade-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const stopSell = {
  positionId: 'p2',
  symbol: 'BTC',
  type: 'SELL',
  orderType: 'STOP',
  limitAsk: 36_000,
  stopPrice: 36_000,
  sellAsk: 1,
  timeInForce: 'GTC',
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

async function chooseSell(method: string) {
  await screen.findByText('Buying power');
  await userEvent.click(screen.getByRole('tab', { name: 'Sell' }));
  await userEvent.click(screen.getByRole('button', { name: method }));
}

describe('trade panel, stop orders', () => {
  it('offers Stop, Stop-limit and Trailing stop beside Market and Limit', async () => {
    setup(makeUser());
    await screen.findByText('Buying power');
    const methods = screen.getByRole('group', { name: 'Order type' });
    expect(
      within(methods)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Market', 'Limit', 'Stop', 'Stop-limit', 'Trailing stop']);
  });

  it('Stop explains itself with the current price, checks the side under the field, then sends it', async () => {
    const api = setup(makeUser({ assets: { BTC: 2 } }), (request) =>
      request.path === '/open-limit-position'
        ? { status: 201, body: { ...makeUser(), limitPosition: stopSell } }
        : undefined,
    );
    await chooseSell('Stop');
    expect(
      screen.getByText(
        'Stop: sells at the market once the price falls to your stop. Example: stop at $36,000.00 while BTC is $40,000.00 limits a fall to about 10 %.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Time in force' })).toHaveTextContent(
      'Good till cancelled',
    );
    const stop = screen.getByLabelText('Stop price');
    await userEvent.type(stop, '41000');
    await userEvent.type(screen.getByLabelText('Amount'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Place stop sell' }));
    expect(stop).toHaveAccessibleDescription(
      'A sell stop must be below the current price of $40,000.00: at $41,000.00 it would sell at once.',
    );
    expect(api.calls.some((c) => c.path === '/open-limit-position')).toBe(false);

    await userEvent.clear(stop);
    await userEvent.type(stop, '36000');
    await userEvent.click(screen.getByRole('button', { name: 'Place stop sell' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Stop order placed');
    expect(api.calls.find((c) => c.path === '/open-limit-position')?.body).toEqual({
      type: 'SELL',
      symbol: 'BTC',
      walletAddress: WALLET,
      orderType: 'STOP',
      stopPrice: 36_000,
      sellAsk: 1,
      timeInForce: 'GTC',
    });
  });

  it('a stop-limit takes a stop and a limit; the server error goes under its field', async () => {
    const api = setup(makeUser(), (request) =>
      request.path === '/open-limit-position'
        ? {
            status: 400,
            body: {
              error: 'A buy stop must be above the current price',
              code: 'STOP_WRONG_SIDE',
              field: 'stopPrice',
            },
          }
        : undefined,
    );
    await screen.findByText('Buying power');
    await userEvent.click(screen.getByRole('button', { name: 'Stop-limit' }));
    const stop = screen.getByLabelText('Stop price');
    await userEvent.type(stop, '42000');
    await userEvent.type(screen.getByLabelText('Amount'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Place stop-limit buy' }));
    expect(screen.getByLabelText('Limit price')).toHaveAccessibleDescription(
      'Enter a limit price above 0.',
    );
    await userEvent.type(screen.getByLabelText('Limit price'), '42500');
    await userEvent.click(screen.getByRole('button', { name: 'Place stop-limit buy' }));
    await vi.waitFor(() =>
      expect(stop).toHaveAccessibleDescription('A buy stop must be above the current price'),
    );
    expect(api.calls.find((c) => c.path === '/open-limit-position')?.body).toMatchObject({
      orderType: 'STOP_LIMIT',
      stopPrice: 42_000,
      limitAsk: 42_500,
      purchaseAsk: 500,
    });
  });

  it('a trailing stop takes a trail in % or $, and a date when it is good until one', async () => {
    const api = setup(makeUser({ assets: { BTC: 2 } }), (request) =>
      request.path === '/open-limit-position'
        ? {
            status: 201,
            body: { ...makeUser(), limitPosition: { ...stopSell, orderType: 'TRAILING_STOP' } },
          }
        : undefined,
    );
    await chooseSell('Trailing stop');
    const trail = screen.getByLabelText('Trail');
    await userEvent.type(trail, '60');
    await userEvent.type(screen.getByLabelText('Amount'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Place trailing stop sell' }));
    expect(trail).toHaveAccessibleDescription('A trail is 0.1 to 50 %, with at most 2 decimals.');
    await userEvent.click(screen.getByRole('button', { name: '$' }));
    await userEvent.type(screen.getByLabelText('Trail'), '2000');

    await userEvent.click(screen.getByRole('combobox', { name: 'Time in force' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Until a date' }));
    await userEvent.click(screen.getByRole('button', { name: 'Place trailing stop sell' }));
    const date = screen.getByLabelText('Expiry date');
    expect(date).toHaveAccessibleDescription('Choose the day the order expires.');
    await userEvent.type(date, '2099-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'Place trailing stop sell' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Trailing stop order placed');
    expect(api.calls.find((c) => c.path === '/open-limit-position')?.body).toEqual({
      type: 'SELL',
      symbol: 'BTC',
      walletAddress: WALLET,
      orderType: 'TRAILING_STOP',
      trailAmount: 2000,
      sellAsk: 1,
      timeInForce: 'GTD',
      expiresAt: new Date(2099, 0, 31, 23, 59, 59, 999).getTime(),
    });
  });

  it('a contest portfolio offers only the stop kinds its rules allow', async () => {
    const wallet = '0xc0ffee0000000000000000000000000000000002';
    const contest: Contest = {
      id: 'c2',
      name: 'Stops Cup',
      description: '',
      kind: 'CONTEST',
      visibility: 'PRIVATE',
      ownerWallet: '0x1234567890abcdef1234567890abcdef12345678',
      startingBalance: STARTING_BALANCE_USD,
      startsAt: 0,
      endsAt: 4_000_000_000_000,
      allowedSymbols: [],
      orderTypes: ['MARKET', 'STOP', 'TRAILING_STOP'],
      feeBps: 0,
      feeMinUsd: 0,
      lessons: [],
      members: 3,
      status: 'RUNNING',
      me: { walletAddress: wallet, rank: 1, returnPercentage: 0 },
    };
    setup(
      makeUser({ walletAddress: wallet, portfolio: { kind: 'CONTEST', contestId: 'c2' } }),
      (r) => (r.path === '/contests/c2' ? { body: contest } : undefined),
    );
    await screen.findByText('Buying power');
    const methods = screen.getByRole('group', { name: 'Order type' });
    await vi.waitFor(() =>
      expect(
        within(methods)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Market', 'Stop', 'Trailing stop']),
    );
  });
});
