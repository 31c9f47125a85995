import type { LimitPosition } from '@papertrade/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, WALLET } from '../../test/fixtures.ts';
import { mockApi, type Handler } from '../../test/mock-api.ts';
import { renderPage } from '../../test/render.tsx';
import type { ChartLine } from './order-lines.ts';
import { orderLines, pendingLegLines } from './order-lines.ts';
import { useOrderMove } from './order-move.tsx';

const order: LimitPosition = {
  positionId: 'o1',
  symbol: 'SOL',
  type: 'PURCHASE',
  limitAsk: 95,
  purchaseAsk: 500,
  timestamp: 1,
  status: 'WORKING',
};
const [buyLine] = orderLines(order) as [ChartLine];
const sellStop: LimitPosition = {
  ...order,
  type: 'SELL',
  orderType: 'STOP',
  stopPrice: 90,
  limitAsk: 90,
  purchaseAsk: undefined,
  sellAsk: 1,
};
const [stopLine] = orderLines(sellStop) as [ChartLine];
const bracketBuy: LimitPosition = {
  ...order,
  limitAsk: 90,
  attached: { takeProfit: { limitAsk: 120 }, stopLoss: { stopPrice: 80 } },
};
const [takeProfitLine] = pendingLegLines(bracketBuy) as [ChartLine];

/** Drops `line` at `price` on a press, and shows what move answered. */
function Harness({ line, price }: { line: ChartLine; price: number }) {
  const { move, toast } = useOrderMove(WALLET, 100);
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button onClick={() => void move(line, price).then((ok) => setAnswer(String(ok)))}>
        drop
      </button>
      <output>{answer}</output>
      {toast}
    </>
  );
}

const answered = (limitAsk: number) => ({
  body: {
    ...makeUser({ limitPositions: [{ ...order, limitAsk }] }),
    limitPosition: { ...order, limitAsk },
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('useOrderMove', () => {
  it('moves the order, says so, and Undo puts the old price back', async () => {
    const handler: Handler = (r) =>
      r.method === 'PUT' && r.path === '/limit-position'
        ? answered((r.body as { limitAsk: number }).limitAsk)
        : undefined;
    const { calls } = mockApi(handler);
    renderPage(<Harness line={buyLine} price={96.5} />);
    await userEvent.click(screen.getByRole('button', { name: 'drop' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Buy limit moved to $96.50');
    expect(screen.getByRole('status')).toHaveTextContent('true');
    expect(calls.map((c) => c.body)).toEqual([
      { positionId: 'o1', walletAddress: WALLET, limitAsk: 96.5 },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Buy limit back at $95.00'),
    );
    expect(calls.map((c) => c.body)).toEqual([
      { positionId: 'o1', walletAddress: WALLET, limitAsk: 96.5 },
      { positionId: 'o1', walletAddress: WALLET, limitAsk: 95 },
    ]);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it("shows the server's refusal and answers false, so the line goes back", async () => {
    mockApi(() => ({
      status: 409,
      body: { error: 'This order is no longer working.', code: 'ORDER_NOT_WORKING' },
    }));
    renderPage(<Harness line={buyLine} price={96.5} />);
    await userEvent.click(screen.getByRole('button', { name: 'drop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Buy limit not moved. This order is no longer working.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('false');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it("moves a waiting bracket's take-profit under attached, and Undo puts it back", async () => {
    const withTp = (limitAsk: number) => ({
      ...bracketBuy,
      attached: { ...bracketBuy.attached, takeProfit: { limitAsk } },
    });
    const handler: Handler = (r) => {
      if (r.method !== 'PUT' || r.path !== '/limit-position') return undefined;
      const moved = withTp(
        (r.body as { attached: { takeProfit: { limitAsk: number } } }).attached.takeProfit.limitAsk,
      );
      return { body: { ...makeUser({ limitPositions: [moved] }), limitPosition: moved } };
    };
    const { calls } = mockApi(handler);
    renderPage(<Harness line={takeProfitLine} price={125} />);
    await userEvent.click(screen.getByRole('button', { name: 'drop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pending take-profit moved to $125.00',
    );
    expect(screen.getByRole('status')).toHaveTextContent('true');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Pending take-profit back at $120.00'),
    );
    expect(calls.map((c) => c.body)).toEqual([
      { positionId: 'o1', walletAddress: WALLET, attached: { takeProfit: { limitAsk: 125 } } },
      { positionId: 'o1', walletAddress: WALLET, attached: { takeProfit: { limitAsk: 120 } } },
    ]);
  });

  it("refuses a take-profit dragged under the buy's limit without asking the server", async () => {
    const { calls } = mockApi(() => undefined);
    renderPage(<Harness line={takeProfitLine} price={89} />);
    await userEvent.click(screen.getByRole('button', { name: 'drop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pending take-profit not moved. The take-profit must be above the limit of $90.00: at $89.00 it would sell at once.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('false');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of a leg move and answers false", async () => {
    mockApi(() => ({
      status: 409,
      body: {
        error: 'This order is already filled: only a working order can be changed',
        code: 'ORDER_NOT_WORKING',
      },
    }));
    renderPage(<Harness line={takeProfitLine} price={125} />);
    await userEvent.click(screen.getByRole('button', { name: 'drop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pending take-profit not moved. This order is already filled',
    );
    expect(screen.getByRole('status')).toHaveTextContent('false');
  });

  it('refuses a stop on the wrong side of the market without asking the server', async () => {
    const { calls } = mockApi(() => undefined);
    renderPage(<Harness line={stopLine} price={101} />);
    await userEvent.click(screen.getByRole('button', { name: 'drop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sell stop not moved. A sell stop must be below the current price of $100.00: at $101.00 it would sell at once.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('false');
    expect(calls).toEqual([]);
  });
});
