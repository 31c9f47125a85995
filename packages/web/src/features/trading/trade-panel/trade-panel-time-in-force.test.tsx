import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, makeUser } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { TradePanel } from './trade-panel.tsx';
import { timeInForceChoices } from './time-in-force.ts';

afterEach(() => vi.unstubAllGlobals());

const position = {
  positionId: 'p1',
  symbol: 'BTC',
  type: 'PURCHASE',
  limitAsk: 40_000,
  purchaseAsk: 500,
  timestamp: 1_700_000_000_000,
  status: 'WORKING',
} as const;

describe('trade panel, immediate time in force', () => {
  it('a limit buy offers Immediate or cancel and Fill or kill, each explained, and sends the choice', async () => {
    const user = makeUser();
    const api = mockApi((request) => {
      if (request.path === '/auth/session') return { body: { user } };
      if (request.path === '/all-assets') return { body: [BTC] };
      if (request.path === '/open-limit-position')
        return { status: 201, body: { ...user, limitPosition: position } };
      return undefined;
    });
    renderPage(<TradePanel />, ['/order']);
    await screen.findByText('Buying power');
    await userEvent.click(screen.getByRole('button', { name: 'Limit' }));
    const tif = screen.getByRole('combobox', { name: 'Time in force' });
    await userEvent.click(tif);
    await userEvent.click(screen.getByRole('option', { name: 'Immediate or cancel' }));
    expect(tif).toHaveAccessibleDescription(
      'Fills what it can at once at your price or better; the rest is cancelled.',
    );
    await userEvent.click(tif);
    await userEvent.click(screen.getByRole('option', { name: 'Fill or kill' }));
    expect(tif).toHaveAccessibleDescription(
      'Fills the whole amount at once at your price or better, or nothing at all.',
    );
    await userEvent.type(screen.getByLabelText('Amount'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Place limit buy' }));
    await screen.findByText(/Limit order placed/);
    expect(api.calls.find((c) => c.path === '/open-limit-position')?.body).toMatchObject({
      timeInForce: 'FOK',
    });
  });

  it('only limit orders offer IOC and FOK', () => {
    expect(timeInForceChoices('LIMIT')).toEqual(['GTC', 'DAY', 'GTD', 'IOC', 'FOK']);
    expect(timeInForceChoices('STOP_LIMIT')).not.toContain('IOC');
    expect(timeInForceChoices('STOP')).toEqual(['GTC', 'DAY', 'GTD']);
    expect(timeInForceChoices('TRAILING_STOP')).not.toContain('FOK');
    expect(timeInForceChoices('OCO')).not.toContain('IOC');
  });

  it('an Immediate-or-cancel order cut short says what it got and that the rest was cancelled', async () => {
    const user = makeUser();
    mockApi((request) => {
      if (request.path === '/auth/session') return { body: { user } };
      if (request.path === '/all-assets') return { body: [BTC] };
      if (request.path === '/open-limit-position')
        return {
          status: 201,
          body: {
            limitPosition: { ...position, status: 'CANCELLED', filledShares: 0.005 },
            version: user.version + 1,
          },
        };
      return undefined;
    });
    renderPage(<TradePanel />, ['/order']);
    await screen.findByText('Buying power');
    await userEvent.click(screen.getByRole('button', { name: 'Limit' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Time in force' }));
    await userEvent.click(screen.getByRole('option', { name: 'Immediate or cancel' }));
    await userEvent.type(screen.getByLabelText('Amount'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Place limit buy' }));
    expect(
      await screen.findByText('Limit order filled 0.0050 BTC at once; the rest was cancelled'),
    ).toBeInTheDocument();
  });
});
