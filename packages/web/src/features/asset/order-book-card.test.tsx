import type { Contest, OrderBook } from '@papertrade/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, makeReplayContest, replayMemberAnswer } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderPage } from '../../test/render.tsx';
import { OrderBookCard } from './order-book-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const BOOK: OrderBook = {
  asks: [
    [40_002, 0.5],
    [40_004, 1.25],
    [40_010, 2],
  ],
  bids: [
    [39_998, 0.75],
    [39_996, 1],
  ],
  at: 1_700_000_000_000,
};

/** The card on an asset whose price the test moves, as the live socket's ticks do. */
function Ticking() {
  const [price, setPrice] = useState(BTC.currentPrice);
  return (
    <>
      <button type="button" onClick={() => setPrice((p) => p + 1)}>
        Tick
      </button>
      <OrderBookCard asset={{ ...BTC, currentPrice: price }} />
    </>
  );
}

function setup(answer: { status?: number; body?: unknown }) {
  const api = mockApi((request) =>
    request.path.startsWith('/assets/btcusd/book') ? answer : undefined,
  );
  renderPage(<OrderBookCard asset={BTC} />);
  return api;
}

describe('order book card', () => {
  it('the ladder lists asks above the spread and bids below, with sizes and running totals', async () => {
    const api = setup({ body: BOOK });
    const ladder = await screen.findByRole('table', { name: 'Order book ladder for BTC' });
    const rows = within(ladder)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Price (USD)Size (BTC)Total (BTC)',
      'Ask 40,010.002.00003.7500',
      'Ask 40,004.001.25001.7500',
      'Ask 40,002.000.50000.5000',
      'Spread $4.00 (1.0 bps) · Mid $40,000.00',
      'Bid 39,998.000.75000.7500',
      'Bid 39,996.001.00001.7500',
    ]);
    // Every level a market order could take, for the preview and the chart.
    expect(api.calls.map((c) => c.path)).toContain('/assets/btcusd/book?depth=50');
  });

  it('a price tick reads the book again and shows the new levels', async () => {
    let reads = 0;
    mockApi((request) => {
      if (!request.path.startsWith('/assets/btcusd/book')) return undefined;
      reads++;
      return { body: reads === 1 ? BOOK : { ...BOOK, asks: [[40_003, 0.25]] } };
    });
    renderPage(<Ticking />);
    const ladder = await screen.findByRole('table', { name: 'Order book ladder for BTC' });
    expect(within(ladder).getByText(/40,002\.00/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tick' }));
    await waitFor(() => expect(within(ladder).getByText(/40,003\.00/)).toBeInTheDocument());
    expect(within(ladder).queryByText(/40,002\.00/)).toBeNull();
    expect(reads).toBe(2);
  });

  it('the depth chart has a text summary of each side', async () => {
    setup({ body: BOOK });
    expect(
      await screen.findByRole('figure', {
        name: 'Depth: 1.7500 BTC bid down to $39,996.00; 3.7500 BTC asked up to $40,010.00.',
      }),
    ).toBeInTheDocument();
  });

  it('a cheap coin’s levels get the decimals that tell them apart', async () => {
    setup({
      body: {
        asks: [
          [0.12346, 10],
          [0.12347, 10],
        ],
        bids: [[0.12344, 10]],
        at: 1,
      },
    });
    const ladder = await screen.findByRole('table', { name: 'Order book ladder for BTC' });
    expect(within(ladder).getByText('0.12347')).toBeInTheDocument();
    expect(within(ladder).getByText('0.12346')).toBeInTheDocument();
  });

  it('an empty book says so', async () => {
    setup({ body: { asks: [], bids: [], at: 1 } });
    expect(await screen.findByText('No orders in the book right now.')).toBeInTheDocument();
  });

  it('a failed read shows the server’s message', async () => {
    setup({ status: 404, body: { error: 'Asset not found', code: 'ASSET_NOT_FOUND' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Asset not found');
  });
});

const REPLAY_WALLET = '0xc0ffee0000000000000000000000000000000003';
const REPLAY = makeReplayContest(REPLAY_WALLET);

/**
 * The API of a replay member's page: the replay (RUNNING or ENDED) at a BTC price of 20,000, its
 * own book around that price, and the live book (BOOK) for any other request.
 */
function mockReplayMember(status: Contest['status']) {
  return mockApi((request) => {
    const member = replayMemberAnswer(request.path, { ...REPLAY, status }, REPLAY_WALLET);
    if (member) return member;
    if (request.path === '/assets/btcusd/book?depth=50&contestId=r1')
      return {
        body: {
          asks: [[20_010, 1]],
          bids: [[19_990, 1]],
          at: 1_700_000_000_000,
        },
      };
    if (request.path.startsWith('/assets/btcusd/book')) return { body: BOOK };
    return undefined;
  });
}

describe('order book card of a replay member', () => {
  it('shows the replay’s book, read with its contest and again when the replayed price moves', async () => {
    const api = mockReplayMember('RUNNING');
    renderPage(<Ticking />);
    const ladder = await screen.findByRole('table', { name: 'Order book ladder for BTC' });
    expect(
      within(ladder).getByText('Spread $20.00 (10.0 bps) · Mid $20,000.00'),
    ).toBeInTheDocument();
    const books = () => api.calls.filter((c) => c.path.startsWith('/assets/btcusd/book'));
    expect(books().map((c) => c.path)).toEqual(['/assets/btcusd/book?depth=50&contestId=r1']);
    await userEvent.click(screen.getByRole('button', { name: 'Tick' }));
    await waitFor(() => expect(books()).toHaveLength(2));
    expect(books()[1]!.path).toBe('/assets/btcusd/book?depth=50&contestId=r1');
  });

  it('shows the live book once the replay has ended, read without the contest', async () => {
    const api = mockReplayMember('ENDED');
    renderPage(<Ticking />);
    const ladder = await screen.findByRole('table', { name: 'Order book ladder for BTC' });
    expect(within(ladder).queryByText('Spread $20.00 (10.0 bps) · Mid $20,000.00')).toBeNull();
    const books = () => api.calls.filter((c) => c.path.startsWith('/assets/btcusd/book'));
    expect(books().map((c) => c.path)).toEqual(['/assets/btcusd/book?depth=50']);
  });
});
