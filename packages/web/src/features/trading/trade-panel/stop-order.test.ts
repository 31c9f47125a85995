import { describe, expect, it } from 'vitest';
import {
  expiryTime,
  panelMethods,
  problemField,
  stopHelp,
  stopOrderBody,
  stopPreview,
  stopProblem,
  type StopInput,
} from './stop-order.ts';

const base: StopInput = {
  kind: 'STOP',
  side: 'SELL',
  symbol: 'SOL',
  currentPrice: 100,
  stopText: '90',
  limitText: '',
  trailText: '',
  trailUnit: 'PERCENT',
  timeInForce: 'GTC',
  expiryDate: '',
  amountText: '2',
};
const now = new Date(2026, 5, 10, 12, 0).getTime();
const check = (over: Partial<StopInput>) =>
  stopProblem({ ...base, ...over, cash: 1_000, held: 5, now });

describe('stop help', () => {
  it('explains each kind with an example at the current price', () => {
    expect(stopHelp('STOP', 'SELL', 'SOL', 100)).toBe(
      'Stop: sells at the market once the price falls to your stop. Example: stop at $90.00 while SOL is $100.00 limits a fall to about 10 %.',
    );
    expect(stopHelp('STOP', 'PURCHASE', 'SOL', 100)).toContain(
      'stop at $110.00 while SOL is $100.00',
    );
    expect(stopHelp('STOP_LIMIT', 'SELL', 'SOL', 100)).toContain(
      'stop $90.00, limit $89.00 while SOL is $100.00 never sells below $89.00',
    );
    expect(stopHelp('TRAILING_STOP', 'SELL', 'SOL', 100)).toContain(
      'a 10 % trail while SOL is $100.00 starts the stop at $90.00',
    );
  });
});

describe('stop checks', () => {
  it('refuses a stop on the wrong side of the price, as the server does', () => {
    expect(check({ stopText: '100' })).toEqual({
      field: 'stopPrice',
      message:
        'A sell stop must be below the current price of $100.00: at $100.00 it would sell at once.',
    });
    expect(check({ side: 'PURCHASE', stopText: '95', amountText: '50' })?.field).toBe('stopPrice');
    expect(check({ side: 'PURCHASE', stopText: '105', amountText: '50' })).toBeNull();
    expect(check({})).toBeNull();
  });

  it('needs a stop and, for a stop-limit, a limit', () => {
    expect(check({ stopText: '' })?.field).toBe('stopPrice');
    expect(check({ kind: 'STOP_LIMIT', limitText: '' })).toEqual({
      field: 'limitAsk',
      message: 'Enter a limit price above 0.',
    });
    expect(check({ kind: 'STOP_LIMIT', limitText: '89' })).toBeNull();
  });

  it('keeps a trail inside 0.1 to 50 % and a sell trail in dollars below the price', () => {
    const trail = (trailText: string, trailUnit: 'PERCENT' | 'USD' = 'PERCENT') =>
      check({ kind: 'TRAILING_STOP', stopText: '', trailText, trailUnit })?.field ?? null;
    expect(trail('0.05')).toBe('trail');
    expect(trail('50.5')).toBe('trail');
    expect(trail('2.555')).toBe('trail');
    expect(trail('5')).toBeNull();
    expect(trail('100', 'USD')).toBe('trail');
    expect(trail('5', 'USD')).toBeNull();
  });

  it('checks the amount like a limit order', () => {
    expect(check({ amountText: '6' })?.message).toBe(
      'You own only 5.0000 SOL that is not already reserved.',
    );
  });

  it('needs a GTD date that has not passed', () => {
    expect(check({ timeInForce: 'GTD' })?.field).toBe('expiresAt');
    expect(check({ timeInForce: 'GTD', expiryDate: '2026-06-09' })?.message).toBe(
      'Choose today or a later day.',
    );
    expect(check({ timeInForce: 'GTD', expiryDate: '2026-06-10' })).toBeNull();
  });
});

describe('stop order body', () => {
  it('sends each kind with its fields and time in force', () => {
    expect(stopOrderBody({ ...base, walletAddress: '0xabc' })).toEqual({
      type: 'SELL',
      symbol: 'SOL',
      walletAddress: '0xabc',
      orderType: 'STOP',
      stopPrice: 90,
      sellAsk: 2,
      timeInForce: 'GTC',
    });
    expect(
      stopOrderBody({
        ...base,
        kind: 'STOP_LIMIT',
        side: 'PURCHASE',
        stopText: '110',
        limitText: '111',
        amountText: '50',
        timeInForce: 'DAY',
        walletAddress: '0xabc',
      }),
    ).toMatchObject({
      orderType: 'STOP_LIMIT',
      stopPrice: 110,
      limitAsk: 111,
      purchaseAsk: 50,
      timeInForce: 'DAY',
    });
    const trailing = stopOrderBody({
      ...base,
      kind: 'TRAILING_STOP',
      trailText: '7.5',
      timeInForce: 'GTD',
      expiryDate: '2026-06-12',
      walletAddress: '0xabc',
    });
    expect(trailing).toMatchObject({
      orderType: 'TRAILING_STOP',
      trailPercent: 7.5,
      timeInForce: 'GTD',
    });
    expect(trailing).not.toHaveProperty('stopPrice');
    expect(trailing.expiresAt).toBe(expiryTime('2026-06-12'));
    expect(
      stopOrderBody({
        ...base,
        kind: 'TRAILING_STOP',
        trailText: '4',
        trailUnit: 'USD',
        walletAddress: '0xabc',
      }),
    ).toMatchObject({ trailAmount: 4 });
  });
});

describe('stop preview and fields', () => {
  it('says what placing it does', () => {
    expect(stopPreview(base)).toBe(
      'Reserves 2.0000 SOL now; sells for about $180.00 if the price falls to $90.00',
    );
    expect(stopPreview({ ...base, kind: 'TRAILING_STOP', trailText: '5' })).toBe(
      'Reserves 2.0000 SOL now; sells at the market if the price falls 5 % from its highest since placing',
    );
    expect(stopPreview({ ...base, amountText: '' })).toBeNull();
  });

  it('puts server errors under their field', () => {
    expect(problemField('stopPrice')).toBe('stopPrice');
    expect(problemField('trailAmount')).toBe('trail');
    expect(problemField('expiresAt')).toBe('expiresAt');
    expect(problemField('orderType')).toBe('amount');
    expect(problemField(undefined)).toBe('amount');
    expect(problemField('attached.takeProfit.limitAsk')).toBe('takeProfit');
    expect(problemField('takeProfit.limitAsk')).toBe('takeProfit');
    expect(problemField('attached.stopLoss.trailPercent')).toBe('stopLoss');
    expect(problemField('sellAsk')).toBe('amount');
  });

  it('offers the methods a contest allows', () => {
    const rules = { startsAt: 0, endsAt: 1, allowedSymbols: [] };
    const all = ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'TRAILING_STOP'];
    expect(panelMethods(null, 'PURCHASE')).toEqual(all);
    expect(panelMethods(null, 'SELL')).toEqual([...all, 'OCO']);
    expect(panelMethods({ ...rules, orderTypes: ['MARKET', 'STOP', 'OCO'] }, 'SELL')).toEqual([
      'MARKET',
      'STOP',
      'OCO',
    ]);
    expect(panelMethods({ ...rules, orderTypes: ['MARKET', 'STOP', 'OCO'] }, 'PURCHASE')).toEqual([
      'MARKET',
      'STOP',
    ]);
  });
});
