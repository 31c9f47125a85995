import { STARTING_BALANCE_USD, type Contest } from '@papertrade/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, ETH, makeUser } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { TradePanel } from './trade-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const CONTEST_WALLET = '0xc0ffee0000000000000000000000000000000001';
const user = makeUser({
  walletAddress: CONTEST_WALLET,
  portfolio: { kind: 'CONTEST', contestId: 'c1' },
});
const contest: Contest = {
  id: 'c1',
  name: 'Spring Cup',
  description: '',
  kind: 'CONTEST',
  visibility: 'PRIVATE',
  ownerWallet: '0x1234567890abcdef1234567890abcdef12345678',
  startingBalance: STARTING_BALANCE_USD,
  startsAt: 0,
  endsAt: 4_000_000_000_000,
  allowedSymbols: ['ETH'],
  orderTypes: ['MARKET'],
  feeBps: 0,
  feeMinUsd: 0,
  lessons: [],
  members: 3,
  status: 'RUNNING',
  me: { walletAddress: CONTEST_WALLET, rank: 1, returnPercentage: 0 },
};

function setup(refusal?: { code: string; error: string }, shown: Contest = contest) {
  return mockApi((r) => {
    if (r.path === '/auth/session') return { body: { user } };
    if (r.path === '/all-assets') return { body: [BTC, ETH] };
    if (r.path === '/contests/c1') return { body: shown };
    if (r.path === '/purchase-asset' && refusal) return { status: 409, body: refusal };
    return undefined;
  });
}

describe('trade panel on a contest portfolio', () => {
  it('offers only the allowed asset and order types', async () => {
    setup();
    renderPage(<TradePanel />);
    expect(await screen.findByRole('button', { name: 'Buy ETH' })).toBeInTheDocument();
    const methods = screen.getByRole('group', { name: 'Order type' });
    expect(within(methods).getByRole('button', { name: 'Market' })).toBeInTheDocument();
    expect(within(methods).queryByRole('button', { name: 'Limit' })).toBeNull();
  });

  it('a replay contest quotes the replayed price, not the live one', async () => {
    const priceSource = { kind: 'REPLAY' as const, from: 0, to: 3_600_000, speed: 60 };
    mockApi((r) => {
      if (r.path === '/auth/session') return { body: { user } };
      if (r.path === '/all-assets') return { body: [BTC, ETH] };
      if (r.path === '/contests/c1') return { body: { ...contest, priceSource } };
      if (r.path === '/contests/c1/replay')
        return {
          body: { ...priceSource, replayedAt: 60_000, prices: [{ symbol: 'ETH', price: 1_234.5 }] },
        };
      return undefined;
    });
    renderPage(<TradePanel asset={ETH} />);
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  });

  it('says so, and cannot submit, on an asset the contest does not allow', async () => {
    setup();
    renderPage(<TradePanel asset={BTC} />);
    expect(await screen.findByText(/Spring Cup does not allow trading BTC/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount'), '100');
    expect(screen.getByRole('button', { name: 'Buy BTC' })).toBeDisabled();
  });

  it('a refused order reads as a student understands it', async () => {
    const api = setup({ code: 'CONTEST_NOT_RUNNING', error: 'Contest c1 is not running' });
    renderPage(<TradePanel />);
    await screen.findByRole('button', { name: 'Buy ETH' });
    await screen.findByText('Buying power');
    await userEvent.type(screen.getByLabelText('Amount'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Buy ETH' }));
    expect(
      await screen.findByText('This contest has ended — orders are closed.'),
    ).toBeInTheDocument();
    const order = api.calls.find((c) => c.path === '/purchase-asset');
    expect(order?.headers.Wallet).toBe(CONTEST_WALLET);
    expect(order?.body).toMatchObject({ walletAddress: CONTEST_WALLET, symbol: 'ETH' });
  });

  it('says the order goes to the contest portfolio, by name', async () => {
    setup();
    renderPage(<TradePanel />);
    expect(await screen.findByText('Trading in Spring Cup')).toBeInTheDocument();
  });

  it('an ended contest says so and offers no Buy before anything is pressed', async () => {
    const api = setup(undefined, { ...contest, status: 'ENDED' });
    renderPage(<TradePanel />);
    expect(
      await screen.findByText('This contest has ended — orders are closed.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount'), '100');
    expect(screen.getByRole('button', { name: 'Buy ETH' })).toBeDisabled();
    expect(api.calls.some((c) => c.path === '/purchase-asset')).toBe(false);
  });
});

describe('trade panel on the main portfolio', () => {
  it('says the order goes to the main portfolio', async () => {
    mockApi((r) => {
      if (r.path === '/auth/session') return { body: { user: makeUser() } };
      if (r.path === '/all-assets') return { body: [BTC, ETH] };
      return undefined;
    });
    renderPage(<TradePanel />);
    expect(await screen.findByText('Trading in Main portfolio')).toBeInTheDocument();
  });
});
