import { USD_DECIMALS_MESSAGE, type User } from '@papertrade/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, ETH, WALLET, makeTransaction, makeUser } from '../../../test/fixtures.ts';
import { mockApi, type Handler } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { TradePanel, type TradePanelProps } from './trade-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup(user: User, props: TradePanelProps = {}, trade?: Handler) {
  const api = mockApi((request) => {
    if (request.path === '/auth/session') return { body: { user } };
    if (request.path === '/all-assets') return { body: [BTC, ETH] };
    return trade?.(request);
  });
  renderPage(<TradePanel {...props} />, ['/transaction']);
  return api;
}

const amountInput = () => screen.findByLabelText('Amount');

async function ready() {
  // The panel is usable once the session and the prices have arrived.
  await screen.findByText('Buying power');
  return amountInput();
}

/** A $100 market buy of BTC that the server fills, up to its success dialog. */
async function buyOneHundredDollars() {
  const user = makeUser();
  const api = setup(user, {}, (request) =>
    request.path === '/purchase-asset'
      ? { body: { ...user, transaction: makeTransaction() } }
      : undefined,
  );
  const input = await ready();
  await userEvent.type(input, '100');
  await userEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transaction Successful!' });
  return { api, input, dialog };
}

describe('trade panel', () => {
  it('starts on Buy, market, USD and BTC', async () => {
    setup(makeUser());
    const input = await ready();
    expect(screen.getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
    const methods = screen.getByRole('group', { name: 'Order type' });
    expect(within(methods).getByRole('button', { name: 'Market' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Buy BTC' })).toBeInTheDocument();
    expect(input).toHaveAttribute('placeholder', '0');
  });

  it('starts on the given side', async () => {
    setup(makeUser(), { initialSide: 'SELL', asset: ETH });
    expect(await screen.findByRole('button', { name: 'Sell ETH' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sell' })).toHaveAttribute('aria-selected', 'true');
  });

  it('the amount input keeps digits and one decimal point only', async () => {
    setup(makeUser());
    const input = await ready();
    await userEvent.type(input, '1a2-b.3.4e');
    expect(input).toHaveValue('12.34');
  });

  it('the amount input holds at most 10 characters', async () => {
    setup(makeUser());
    const input = await ready();
    await userEvent.type(input, '123456789012345');
    expect(input).toHaveValue('1234567890');
    expect(input).toHaveAttribute('maxlength', '10');
  });

  it("previews shares for a USD amount with the asset's digits (at least 4 decimals)", async () => {
    setup(makeUser(), { asset: ETH });
    const input = await ready();
    await userEvent.type(input, '5000');
    expect(screen.getByText('≈ 2.5000 ETH')).toBeInTheDocument();
  });

  it('previews dollars for a share amount with 2 decimals', async () => {
    setup(makeUser(), { asset: ETH });
    const input = await ready();
    await userEvent.click(screen.getByRole('button', { name: 'ETH' }));
    await userEvent.type(input, '1.5');
    expect(screen.getByText('≈ $3,000.00')).toBeInTheDocument();
  });

  it('Max fills the buying power for a buy in USD', async () => {
    setup(makeUser({ balance: 1234.56 }));
    const input = await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('1234.56');
  });

  it('Max fills the shares the buying power affords for a buy in shares, not the held ones', async () => {
    // $1,000 at $40,000 a BTC: 0.025 BTC, whatever is held already.
    setup(makeUser({ balance: 1000, assets: { BTC: 0.75 } }));
    const input = await ready();
    await userEvent.click(screen.getByRole('button', { name: 'BTC' }));
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('0.025');
  });

  it('Max fills the held shares for a sell in shares', async () => {
    setup(makeUser({ assets: { BTC: 0.12345678 } }), { initialSide: 'SELL' });
    const input = await amountInput();
    await userEvent.click(screen.getByRole('button', { name: 'BTC' }));
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('0.12345678');
  });

  it('Max on a sell in USD switches to shares and sells every held share, leaving no dust', async () => {
    const user = makeUser({ assets: { BTC: 0.50000006 } });
    const api = setup(user, { initialSide: 'SELL' }, (request) =>
      request.path === '/sell-asset'
        ? { body: { ...user, transaction: makeTransaction() } }
        : undefined,
    );
    const input = await amountInput();
    await screen.findByText('0.50000006 BTC');
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByRole('button', { name: 'BTC' })).toHaveAttribute('aria-pressed', 'true');
    expect(input).toHaveValue('0.50000006');
    await userEvent.click(screen.getByRole('button', { name: 'Sell BTC' }));
    await screen.findByRole('dialog', { name: 'Transaction Successful!' });
    expect(api.calls.find((c) => c.path === '/sell-asset')?.body).toEqual({
      symbol: 'BTC',
      walletAddress: WALLET,
      assetAmount: 0.50000006,
      unit: 'SYMBOL',
    });
  });

  it('Max on a sell in shares fills every decimal of a holding longer than 10 characters', async () => {
    setup(makeUser({ assets: { BTC: 109.86333655 } }), { initialSide: 'SELL' });
    const input = await amountInput();
    await userEvent.click(screen.getByRole('button', { name: 'BTC' }));
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('109.86333655');
  });

  it('Max on a buy in USD writes the cents in full (100.10, not 100.1)', async () => {
    setup(makeUser({ balance: 100.1 }));
    const input = await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('100.10');
  });

  it('a trade dialog opens with the amount focused, ready to type', async () => {
    setup(makeUser(), { variant: 'dialog', onClose: () => undefined });
    const input = await ready();
    await waitFor(() => expect(input).toHaveFocus());
  });

  it('sends no order while the amount is 0', async () => {
    const api = setup(makeUser());
    const input = await ready();
    await userEvent.type(input, '0');
    expect(screen.getByRole('button', { name: 'Buy BTC' })).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(api.calls.some((c) => c.path === '/purchase-asset')).toBe(false);
  });

  it('sends the market order with symbol, wallet, amount and unit', async () => {
    const { api } = await buyOneHundredDollars();
    const order = api.calls.find((c) => c.path === '/purchase-asset');
    expect(order?.method).toBe('POST');
    expect(order?.body).toEqual({
      symbol: 'BTC',
      walletAddress: WALLET,
      assetAmount: 100,
      unit: 'USD',
    });
    expect(order?.headers.Wallet).toBe(WALLET);
  });

  it('sells through /sell-asset in shares', async () => {
    const user = makeUser({ assets: { BTC: 1 } });
    const api = setup(user, { initialSide: 'SELL' }, (request) =>
      request.path === '/sell-asset'
        ? { body: { ...user, transaction: makeTransaction({ type: 'SELL' }) } }
        : undefined,
    );
    const input = await amountInput();
    await userEvent.click(screen.getByRole('button', { name: 'BTC' }));
    await userEvent.type(input, '0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Sell BTC' }));
    await screen.findByRole('dialog', { name: 'Transaction Successful!' });
    expect(api.calls.find((c) => c.path === '/sell-asset')?.body).toMatchObject({
      assetAmount: 0.5,
      unit: 'SYMBOL',
    });
  });

  it('disables the submit button while the order is submitting', async () => {
    const user = makeUser();
    let finish: (answer: { body: unknown }) => void = () => undefined;
    setup(user, {}, (request) =>
      request.path === '/purchase-asset' ? new Promise((resolve) => (finish = resolve)) : undefined,
    );
    const input = await ready();
    await userEvent.type(input, '100');
    const button = screen.getByRole('button', { name: 'Buy BTC' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    finish({ body: { ...user, transaction: makeTransaction() } });
    await screen.findByRole('dialog', { name: 'Transaction Successful!' });
  });

  it('says under the amount that dollars have at most 2 decimals, and sends nothing', async () => {
    const api = setup(makeUser());
    const input = await ready();
    await userEvent.type(input, '10.005');
    await userEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(input).toHaveAccessibleDescription(USD_DECIMALS_MESSAGE);
    expect(api.calls.some((c) => c.path === '/purchase-asset')).toBe(false);
  });

  it('shows the server error under the amount and enables the button again', async () => {
    const message = 'Insufficient funds: the order costs $1,250.00 and buying power is $1,000.00';
    setup(makeUser({ balance: 1000 }), {}, (request) =>
      request.path === '/purchase-asset'
        ? { status: 400, body: { error: message, code: 'INSUFFICIENT_FUNDS' } }
        : undefined,
    );
    const input = await ready();
    await userEvent.type(input, '1250');
    await userEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(message);
    expect(input).toHaveValue('1250');
    expect(screen.getByRole('button', { name: 'Buy BTC' })).toBeEnabled();
  });

  it('shows a network failure as an error under the amount', async () => {
    setup(makeUser(), {}, (request) => {
      if (request.path === '/purchase-asset') throw new TypeError('Failed to fetch');
      return undefined;
    });
    const input = await ready();
    await userEvent.type(input, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText(/Cannot reach the server/)).toBeInTheDocument();
  });

  it('opens the success dialog with the fill, clears the amount and links to the details', async () => {
    const user = makeUser();
    const transaction = makeTransaction({
      id: 'tx42',
      assetsPurchasedSold: 0.0025,
      transactionTotal: 100.5,
      purchaseSellAsk: 40_200,
    });
    setup(user, {}, (request) =>
      request.path === '/purchase-asset'
        ? { body: { balance: 99_899.5, transaction, version: user.version + 1 } }
        : undefined,
    );
    const input = await ready();
    await userEvent.type(input, '100.5');
    await userEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Successful!' });
    expect(within(dialog).getByText('Purchase')).toBeInTheDocument();
    expect(within(dialog).getByText('$100.50')).toBeInTheDocument();
    expect(within(dialog).getByText('0.0025')).toBeInTheDocument();
    expect(within(dialog).getByText('$40,200.00')).toBeInTheDocument();
    expect(input).toHaveValue('');
    // The answer is what the order changed, merged into the user: the buying power follows
    // without another request.
    expect(screen.getByText('$99,899.50')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'View details' }));
    expect(await screen.findByText('page /transaction')).toBeInTheDocument();
  });

  it('closing the success dialog puts focus on the amount, as the submit button is disabled', async () => {
    const { input, dialog } = await buyOneHundredDollars();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Buy BTC' })).toBeDisabled();
  });
});
