import { describe, expect, it } from 'vitest';
import {
  bracketEntry,
  legField,
  legHelp,
  legsOf,
  legsProblem,
  legsReview,
  ocoHelp,
  ocoOrderBody,
  ocoProblem,
  type LegsCheck,
  type OcoInput,
} from './bracket-order.ts';

const bracket: LegsCheck = {
  takeProfitText: '230',
  stopLossText: '180',
  stopLossUnit: 'PRICE',
  entry: 200,
  entryName: 'the limit',
  both: false,
};
const check = (over: Partial<LegsCheck>) => legsProblem({ ...bracket, ...over });

describe('leg help', () => {
  it('says what each leg does with an example at the current price', () => {
    expect(legHelp('takeProfit', 'PRICE', 'SOL', 200, true)).toBe(
      'If SOL rises to $230.00, sells the shares you bought at that price or higher.',
    );
    expect(legHelp('stopLoss', 'PRICE', 'SOL', 200, true)).toBe(
      'If SOL falls to $180.00, sells the shares you bought at the market to limit the loss.',
    );
    expect(legHelp('stopLoss', 'PERCENT', 'SOL', 200, false)).toBe(
      'Follows the highest price: with 10 % while SOL is $200.00, sells the shares if it falls to $180.00, and the stop rises as the price climbs.',
    );
    expect(legHelp('stopLoss', 'USD', 'SOL', 200, false)).toContain('with $20.00 while SOL');
    expect(ocoHelp('SOL', 200)).toContain(
      'while SOL is $200.00, a take-profit at $230.00 and a stop-loss at $180.00',
    );
  });
});

describe('leg checks', () => {
  it('takes either leg alone, or both, and none in a bracket', () => {
    expect(check({})).toBeNull();
    expect(check({ takeProfitText: '' })).toBeNull();
    expect(check({ stopLossText: '' })).toBeNull();
    expect(check({ takeProfitText: '', stopLossText: '' })).toBeNull();
  });

  it('an OCO pair needs both', () => {
    expect(check({ both: true, takeProfitText: '' })).toEqual({
      field: 'takeProfit',
      message: 'Enter a take-profit price above 0.',
    });
    expect(check({ both: true, stopLossText: '' })).toEqual({
      field: 'stopLoss',
      message: 'Enter a stop-loss price above 0.',
    });
  });

  it('mirrors the server: take-profit above the stop-loss and the entry, stop-loss below the entry', () => {
    expect(check({ takeProfitText: '170' })).toEqual({
      field: 'takeProfit',
      message: 'The take-profit ($170.00) must be above the stop-loss ($180.00).',
    });
    expect(check({ takeProfitText: '200' })).toEqual({
      field: 'takeProfit',
      message:
        'The take-profit must be above the limit of $200.00: at $200.00 it would sell at once.',
    });
    expect(check({ takeProfitText: '', stopLossText: '200' })).toEqual({
      field: 'stopLoss',
      message:
        'The stop-loss must be below the limit of $200.00: at $200.00 it would sell at once.',
    });
    expect(check({ stopLossText: '0.000000001' })?.message).toBe(
      'A stop-loss price has at most 8 decimals.',
    );
  });

  it('a trailing stop-loss is checked by its first stop, below the entry by the trail', () => {
    // 10 % under $200 is $180: a take-profit at $175 is under it.
    expect(check({ stopLossUnit: 'PERCENT', stopLossText: '10', takeProfitText: '175' })).toEqual({
      field: 'takeProfit',
      message: 'The take-profit ($175.00) must be above the stop-loss ($180.00).',
    });
    expect(check({ stopLossUnit: 'PERCENT', stopLossText: '60' })).toEqual({
      field: 'stopLoss',
      message: 'A trail is 0.1 to 50 %, with at most 2 decimals.',
    });
    expect(check({ stopLossUnit: 'USD', stopLossText: '200' })).toEqual({
      field: 'stopLoss',
      message: 'A trail must be less than the limit of $200.00.',
    });
    expect(check({ stopLossUnit: 'USD', stopLossText: '20' })).toBeNull();
  });

  it('enters a limit or stop-limit at its limit, a stop at its stop, a trailing buy at its first stop', () => {
    const prices = {
      limitText: '190',
      stopText: '210',
      currentPrice: 200,
      trailText: '5',
      trailUnit: 'PERCENT',
    } as const;
    expect(bracketEntry('LIMIT', prices)).toEqual({ entry: 190, entryName: 'the limit' });
    expect(bracketEntry('STOP_LIMIT', prices)).toEqual({ entry: 190, entryName: 'the limit' });
    expect(bracketEntry('STOP', prices)).toEqual({ entry: 210, entryName: 'the stop' });
    expect(bracketEntry('TRAILING_STOP', prices)).toEqual({ entry: 210, entryName: 'the stop' });
    expect(bracketEntry('TRAILING_STOP', { ...prices, trailUnit: 'USD' }).entry).toBe(205);
  });
});

describe('legs in the request and the review', () => {
  it('sends the legs typed, the stop-loss as a price or a trail', () => {
    expect(legsOf(bracket)).toEqual({
      takeProfit: { limitAsk: 230 },
      stopLoss: { stopPrice: 180 },
    });
    expect(
      legsOf({ ...bracket, takeProfitText: '', stopLossUnit: 'PERCENT', stopLossText: '7.5' }),
    ).toEqual({
      stopLoss: { trailPercent: 7.5 },
    });
    expect(legsOf({ ...bracket, stopLossUnit: 'USD', stopLossText: '12' })).toEqual({
      takeProfit: { limitAsk: 230 },
      stopLoss: { trailAmount: 12 },
    });
  });

  it('lists each leg, and the pairing when there are two', () => {
    expect(legsReview(legsOf(bracket), 'SOL', true)).toEqual([
      'Take-profit: sells the shares bought at $230.00 or higher if SOL rises there',
      'Stop-loss: sells the shares bought at the market if SOL falls to $180.00',
      'When one of the two fills, the other is cancelled',
    ]);
    expect(legsReview({ stopLoss: { trailPercent: 5 } }, 'SOL', true)).toEqual([
      'Stop-loss: sells the shares bought at the market if SOL falls 5 % from its highest after the buy fills',
    ]);
  });

  it('puts server errors of either leg under it', () => {
    expect(legField('attached.takeProfit.limitAsk')).toBe('takeProfit');
    expect(legField('stopLoss.stopPrice')).toBe('stopLoss');
    expect(legField('attached.stopLoss.trailAmount')).toBe('stopLoss');
    expect(legField('sellAsk')).toBeNull();
    expect(legField(undefined)).toBeNull();
  });
});

describe('OCO sell', () => {
  const oco: OcoInput = {
    takeProfitText: '230',
    stopLossText: '180',
    stopLossUnit: 'PRICE',
    symbol: 'SOL',
    currentPrice: 200,
    amountText: '2',
    timeInForce: 'GTC',
    expiryDate: '',
  };
  const now = new Date(2026, 5, 10, 12, 0).getTime();
  const problem = (over: Partial<OcoInput>, held = 5) => ocoProblem({ ...oco, ...over, held, now });

  it('checks both legs around the current price, then the shares held', () => {
    expect(problem({})).toBeNull();
    expect(problem({ takeProfitText: '195' })).toEqual({
      field: 'takeProfit',
      message:
        'The take-profit must be above the current price of $200.00: at $195.00 it would sell at once.',
    });
    expect(problem({ stopLossText: '' })?.field).toBe('stopLoss');
    expect(problem({}, 1)).toEqual({
      field: 'amount',
      message: 'You own only 1.0000 SOL that is not already reserved.',
    });
    expect(problem({ timeInForce: 'GTD' })?.field).toBe('expiresAt');
  });

  it('sends the pair as an OCO sell of the shares', () => {
    expect(ocoOrderBody({ ...oco, walletAddress: '0xabc' })).toEqual({
      type: 'SELL',
      symbol: 'SOL',
      walletAddress: '0xabc',
      orderType: 'OCO',
      sellAsk: 2,
      takeProfit: { limitAsk: 230 },
      stopLoss: { stopPrice: 180 },
      timeInForce: 'GTC',
    });
  });
});
