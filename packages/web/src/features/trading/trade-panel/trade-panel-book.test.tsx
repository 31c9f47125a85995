import type { OrderBook } from '@papertrade/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, makeReplayContest, makeUser, replayMemberAnswer } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { TradePanel } from './trade-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A thin book around $40,000: 0.5 BTC at 1 bp, then 1 BTC at 10 bp, then 1 BTC at 200 bp (asks; the bids mirror them). */
const BOOK: OrderBook = {
  asks: [
    [40_004, 0.5],
    [40_040, 1],
    [40_800, 1],
  ],
  bids: [
    [39_996, 0.5],
    [39_960, 1],
    [39_600, 1],
  ],
  at: 1_700_000_000_000,
};

function setup() {
  mockApi((request) => {
    if (request.path === '/auth/session') return { body: { user: makeUser() } };
    if (request.path === '/all-assets') return { body: [BTC] };
    if (request.path.startsWith('/assets/btcusd/book')) return { body: BOOK };
    return undefined;
  });
  renderPage(<TradePanel asset={BTC} />);
}

async function typeShares(amount: string) {
  await screen.findByText('Buying power');
  await userEvent.click(screen.getByRole('button', { name: 'BTC' }));
  await userEvent.type(screen.getByLabelText('Amount'), amount);
  return screen.findByRole('group', { name: 'Expected fill from the order book' });
}

describe('trade panel preview from the order book', () => {
  it('a small buy fills at the best ask: its average price and 1 bp, no warning', async () => {
    setup();
    const preview = await typeShares('0.1');
    expect(within(preview).getByText('$40,004.00')).toBeInTheDocument();
    expect(within(preview).getByText('1.0 bps · 1 level')).toBeInTheDocument();
    expect(within(preview).queryByRole('alert')).toBeNull();
  });

  it('a buy across two levels averages them, with no warning under 50 bps', async () => {
    setup();
    // 0.5 at 40,004 and 1 at 40,040: 60,062 / 1.5 = 40,028 (7 bps over the mid).
    const preview = await typeShares('1.5');
    expect(within(preview).getByText('$40,028.00')).toBeInTheDocument();
    expect(within(preview).getByText('7.0 bps · 2 levels')).toBeInTheDocument();
    expect(within(preview).queryByRole('alert')).toBeNull();
  });

  it('a buy that reaches the deep level warns of slippage above 50 bps', async () => {
    setup();
    // 20,002 + 40,040 + 40,800 = 100,842 for 2.5 BTC: 40,336.80, 84.2 bps over the mid.
    const preview = await typeShares('2.5');
    expect(within(preview).getByText('$40,336.80')).toBeInTheDocument();
    expect(within(preview).getByText('84.2 bps · 3 levels')).toBeInTheDocument();
    expect(within(preview).getByRole('alert')).toHaveTextContent(
      'High slippage: this order would fill about 84.2 bps from the mid price, above 50 bps.',
    );
  });

  it('a sell walks the bids: its average under the mid counts as slippage too', async () => {
    setup();
    await screen.findByText('Buying power');
    await userEvent.click(screen.getByRole('tab', { name: 'Sell' }));
    await userEvent.click(screen.getByRole('button', { name: 'BTC' }));
    await userEvent.type(screen.getByLabelText('Amount'), '1.5');
    const preview = await screen.findByRole('group', {
      name: 'Expected fill from the order book',
    });
    // 19,998 + 39,960 = 59,958 for 1.5 BTC: 39,972, 7 bps under the mid.
    expect(within(preview).getByText('$39,972.00')).toBeInTheDocument();
    expect(within(preview).getByText('7.0 bps · 2 levels')).toBeInTheDocument();
  });

  it('a buy in dollars walks the book to the cent', async () => {
    setup();
    await screen.findByText('Buying power');
    await userEvent.type(screen.getByLabelText('Amount'), '60042');
    const preview = await screen.findByRole('group', {
      name: 'Expected fill from the order book',
    });
    // $20,002 buys the first level whole, $40,040 the second: 1.5 BTC at 40,028.
    expect(within(preview).getByText('$40,028.00')).toBeInTheDocument();
    expect(within(preview).getByText('7.0 bps · 2 levels')).toBeInTheDocument();
  });

  it('an amount the book cannot fill warns and says what the side holds', async () => {
    setup();
    const preview = await typeShares('3');
    expect(within(preview).getByRole('alert')).toHaveTextContent(
      'The book cannot fill this order: its asks hold only 2.5000 BTC right now.',
    );
  });
});

const REPLAY_WALLET = '0xc0ffee0000000000000000000000000000000002';
const REPLAY = makeReplayContest(REPLAY_WALLET);

/** The replay's book around its replayed $20,000: 1 BTC at 5 bp, then 1 BTC at 50 bp. */
const REPLAY_BOOK: OrderBook = {
  asks: [
    [20_010, 1],
    [20_100, 1],
  ],
  bids: [
    [19_990, 1],
    [19_900, 1],
  ],
  at: 1_700_000_000_000,
};

describe('trade panel preview of a replay member', () => {
  it('walks the replay’s book, asked for with its contest, not the live book', async () => {
    const api = mockApi((request) => {
      const member = replayMemberAnswer(request.path, REPLAY, REPLAY_WALLET);
      if (member) return member;
      if (request.path === '/all-assets') return { body: [BTC] };
      if (request.path.startsWith('/assets/btcusd/book'))
        return { body: request.path.includes('contestId=r1') ? REPLAY_BOOK : BOOK };
      return undefined;
    });
    renderPage(<TradePanel asset={BTC} />);
    const preview = await typeShares('1.5');
    // 20,010 + 0.5 x 20,100 = 30,060 for 1.5 BTC: 20,040, 20 bps over the replayed mid.
    expect(within(preview).getByText('$20,040.00')).toBeInTheDocument();
    expect(within(preview).getByText('20.0 bps · 2 levels')).toBeInTheDocument();
    const books = api.calls.filter((c) => c.path.startsWith('/assets/btcusd/book'));
    expect(books.length).toBeGreaterThan(0);
    expect(books.every((c) => c.path.includes('contestId=r1'))).toBe(true);
  });
});
