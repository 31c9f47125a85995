import { describe, expect, it } from 'vitest';
import {
  limitCrossedNote,
  limitOrderBody,
  limitPreview,
  limitPricePrefill,
  limitProblem,
  type LimitInput,
} from './limit-order.ts';

const buy: LimitInput = {
  side: 'PURCHASE',
  symbol: 'BTC',
  currentPrice: 95_000,
  limitText: '94000',
  amountText: '500',
};
const sell: LimitInput = {
  ...buy,
  side: 'SELL',
  limitText: '94000',
  amountText: '0.5',
  currentPrice: 90_000,
};
const funds = { cash: 1_000, held: 1 };

describe('limit order rules', () => {
  it('the limit price is prefilled with the current price as input text', () => {
    expect(limitPricePrefill(94_123.45)).toBe('94123.45');
    expect(limitPricePrefill(0.00012345)).toBe('0.00012345');
    expect(limitPricePrefill(1_234_567.891)).toBe('1234567.89');
    expect(limitPricePrefill(0)).toBe('');
  });

  it('a buy preview says what is reserved and what it buys at the limit', () => {
    expect(limitPreview(buy)).toBe(
      'Reserves $500.00 now; buys about 0.00531915 BTC if the price falls to $94,000.00',
    );
    expect(limitPreview({ ...buy, limitText: '96000' })).toMatch(
      /if the price is at or below \$96,000\.00$/,
    );
  });

  it('a sell preview says which shares are reserved and what they raise', () => {
    expect(limitPreview(sell)).toBe(
      'Reserves 0.5000 BTC now; sells for about $47,000.00 if the price rises to $94,000.00',
    );
    expect(limitPreview({ ...sell, currentPrice: 99_000 })).toMatch(/is at or above/);
  });

  it('no preview without a limit price or an amount', () => {
    expect(limitPreview({ ...buy, limitText: '' })).toBeNull();
    expect(limitPreview({ ...buy, amountText: '0' })).toBeNull();
  });

  it('validation asks for a limit price and an amount above 0', () => {
    expect(limitProblem({ ...buy, ...funds, limitText: '0' })).toEqual({
      field: 'limitAsk',
      message: 'Enter a limit price above 0.',
    });
    expect(limitProblem({ ...buy, ...funds, amountText: '' })?.field).toBe('amount');
    expect(limitProblem({ ...buy, ...funds })).toBeNull();
    expect(limitProblem({ ...sell, ...funds })).toBeNull();
  });

  it('validation keeps a buy within the cash and to cents', () => {
    expect(limitProblem({ ...buy, ...funds, amountText: '1000.01' })?.message).toBe(
      'Insufficient funds: your buying power is $1,000.00.',
    );
    expect(limitProblem({ ...buy, ...funds, amountText: '10.005' })?.message).toMatch(
      /at most 2 decimals/,
    );
  });

  it('validation keeps a sell within the unreserved shares', () => {
    expect(limitProblem({ ...sell, ...funds, amountText: '1.5' })).toEqual({
      field: 'amount',
      message: 'You own only 1.0000 BTC that is not already reserved.',
    });
  });

  it('the submit body carries purchaseAsk for a buy and sellAsk for a sell', () => {
    expect(limitOrderBody({ ...buy, walletAddress: '0xabc' })).toEqual({
      type: 'PURCHASE',
      symbol: 'BTC',
      walletAddress: '0xabc',
      limitAsk: 94_000,
      purchaseAsk: 500,
      timeInForce: 'GTC',
    });
    expect(limitOrderBody({ ...sell, walletAddress: '0xabc' })).toEqual({
      type: 'SELL',
      symbol: 'BTC',
      walletAddress: '0xabc',
      limitAsk: 94_000,
      sellAsk: 0.5,
      timeInForce: 'GTC',
    });
  });

  it('a limit lasts until the end of the day or a chosen day too', () => {
    const now = new Date(2026, 5, 10, 12, 0).getTime();
    expect(limitOrderBody({ ...buy, timeInForce: 'DAY', walletAddress: '0xabc' })).toMatchObject({
      timeInForce: 'DAY',
    });
    expect(
      limitOrderBody({
        ...buy,
        timeInForce: 'GTD',
        expiryDate: '2026-06-12',
        walletAddress: '0xabc',
      }),
    ).toMatchObject({
      timeInForce: 'GTD',
      expiresAt: new Date(2026, 5, 12, 23, 59, 59, 999).getTime(),
    });
    const gtd = { ...buy, ...funds, timeInForce: 'GTD', now } as const;
    expect(limitProblem({ ...gtd, expiryDate: '' })).toEqual({
      field: 'expiresAt',
      message: 'Choose the day the order expires.',
    });
    expect(limitProblem({ ...gtd, expiryDate: '2026-06-09' })?.field).toBe('expiresAt');
    expect(limitProblem({ ...gtd, expiryDate: '2026-06-10' })).toBeNull();
  });

  it('notes a buy limit at or above the current price fills at the next price update', () => {
    const note =
      'The market price is already at or below your limit: this order fills at the next price update, at about $95,000.00.';
    expect(limitCrossedNote({ ...buy, limitText: '95000' })).toBe(note);
    expect(limitCrossedNote({ ...buy, limitText: '100000' })).toBe(note);
    expect(limitCrossedNote({ ...buy, limitText: '94999.99' })).toBeNull();
  });

  it('notes a sell limit at or below the current price fills at the next price update', () => {
    expect(limitCrossedNote({ ...sell, limitText: '85000' })).toBe(
      'The market price is already at or above your limit: this order fills at the next price update, at about $90,000.00.',
    );
    expect(limitCrossedNote({ ...sell, limitText: '90000.01' })).toBeNull();
  });

  it('notes a crossed limit on a coin under $1 with 4 significant digits, and nothing without a limit', () => {
    expect(
      limitCrossedNote({ side: 'PURCHASE', currentPrice: 0.00012345, limitText: '0.0002' }),
    ).toMatch(/at about \$0\.0001235\.$/);
    expect(limitCrossedNote({ ...buy, limitText: '' })).toBeNull();
  });
});
