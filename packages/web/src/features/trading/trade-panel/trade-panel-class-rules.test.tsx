import { STARTING_BALANCE_USD, type Contest } from '@papertrade/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, ETH, makeUser } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { TradePanel } from './trade-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const WALLET = '0xc0ffee0000000000000000000000000000000002';
const user = makeUser({ walletAddress: WALLET, portfolio: { kind: 'CONTEST', contestId: 'k1' } });
const klass: Contest = {
  id: 'k1',
  name: 'Period 3',
  description: '',
  kind: 'CLASS',
  visibility: 'PRIVATE',
  ownerWallet: '0x1234567890abcdef1234567890abcdef12345678',
  startingBalance: STARTING_BALANCE_USD,
  startsAt: 0,
  endsAt: 4_000_000_000_000,
  allowedSymbols: [],
  orderTypes: [],
  feeBps: 0,
  feeMinUsd: 0,
  lessons: [],
  maxPositionPercent: 25,
  maxTradesPerDay: null,
  requireNotes: true,
  rankBy: 'RETURN',
  members: 3,
  status: 'RUNNING',
  me: { walletAddress: WALLET, rank: 1, returnPercentage: 0 },
};

function setup(refusal?: { code: string; error: string; field?: string }) {
  return mockApi((r) => {
    if (r.path === '/auth/session') return { body: { user } };
    if (r.path === '/all-assets') return { body: [BTC, ETH] };
    if (r.path === '/contests/k1') return { body: klass };
    if (r.path === '/purchase-asset' && refusal) return { status: 400, body: refusal };
    return undefined;
  });
}

describe('trade panel in a class with rules', () => {
  it('a class that asks for notes says so under the note field before sending anything', async () => {
    const api = setup();
    renderPage(<TradePanel asset={BTC} />);
    await screen.findByText('Buying power');
    const note = screen.getByRole('textbox', { name: /Note/ });
    expect(await screen.findAllByText(/your class asks for one/)).not.toHaveLength(0);
    expect(note).toBeRequired();
    await userEvent.type(screen.getByLabelText('Amount'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(
      await screen.findByText('Your class asks for a note with every order: say why you place it'),
    ).toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.path === '/purchase-asset')).toBe(false);
  });

  it('a position limit refusal shows under the amount and the note is sent with the order', async () => {
    const api = setup({
      code: 'POSITION_LIMIT',
      error:
        'Your class allows at most 25% of the portfolio in one asset: BTC can take about $0.00 more',
      field: 'assetAmount',
    });
    renderPage(<TradePanel asset={BTC} />);
    await screen.findByText('Buying power');
    await userEvent.type(screen.getByLabelText('Amount'), '100');
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), 'Momentum');
    await userEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(
      await screen.findByText(/at most 25% of the portfolio in one asset/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    const order = api.calls.find((c) => c.path === '/purchase-asset');
    expect(order?.body).toMatchObject({ symbol: 'BTC', note: 'Momentum' });
  });
});
