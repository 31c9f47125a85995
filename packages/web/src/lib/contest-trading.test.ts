import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import {
  allowedOrderMethods,
  contestClosedText,
  contestErrorText,
  symbolAllowed,
  type TradingRules,
} from './contest-trading.ts';

const rules: TradingRules = {
  startsAt: 1_000,
  endsAt: 2_000,
  allowedSymbols: ['BTC', 'ETH'],
  orderTypes: ['MARKET'],
};
const fail = (code: string, message = 'x') => new ApiError(message, code, 409);

describe('what a contest portfolio may trade', () => {
  it('offers only the allowed order methods; no rules or an empty list allow both', () => {
    expect(allowedOrderMethods(rules)).toEqual(['MARKET']);
    expect(allowedOrderMethods({ ...rules, orderTypes: ['LIMIT', 'STOP'] })).toEqual(['LIMIT']);
    expect(allowedOrderMethods({ ...rules, orderTypes: [] })).toEqual(['MARKET', 'LIMIT']);
    expect(allowedOrderMethods(null)).toEqual(['MARKET', 'LIMIT']);
  });

  it('allows only the listed symbols; an empty list allows all', () => {
    expect(symbolAllowed(rules, 'BTC')).toBe(true);
    expect(symbolAllowed(rules, 'DOGE')).toBe(false);
    expect(symbolAllowed({ ...rules, allowedSymbols: [] }, 'DOGE')).toBe(true);
  });
});

describe('whether a contest portfolio can place orders now', () => {
  const running = { status: 'RUNNING' as const, startsAt: 1_000, endsAt: 2_000 };

  it('says an ended contest is closed, by its status (an early end) or by the clock', () => {
    expect(contestClosedText({ ...running, status: 'ENDED' }, 1_500)).toBe(
      'This contest has ended — orders are closed.',
    );
    expect(contestClosedText(running, 2_000)).toBe('This contest has ended — orders are closed.');
  });

  it('says a contest that has not started opens later', () => {
    expect(contestClosedText({ ...running, status: 'UPCOMING' }, 500)).toMatch(
      /has not started yet/,
    );
  });

  it('lets a running contest and the main portfolio (no contest) trade', () => {
    expect(contestClosedText(running, 1_500)).toBeNull();
    expect(contestClosedText(undefined)).toBeNull();
  });
});

describe('refusals in words a student understands', () => {
  it('says whether the contest has ended or not started, from its dates', () => {
    expect(contestErrorText(fail('CONTEST_NOT_RUNNING'), rules, 3_000)).toBe(
      'This contest has ended — orders are closed.',
    );
    expect(contestErrorText(fail('CONTEST_NOT_RUNNING'), rules, 500)).toMatch(
      /has not started yet/,
    );
  });

  it("without the contest, reads the server's message", () => {
    expect(contestErrorText(fail('CONTEST_NOT_RUNNING', 'The contest has not started'))).toMatch(
      /not started yet/,
    );
    expect(contestErrorText(fail('CONTEST_NOT_RUNNING', 'Contest is over'))).toMatch(/has ended/);
  });

  it('names what is allowed', () => {
    expect(contestErrorText(fail('SYMBOL_NOT_ALLOWED'), rules)).toBe(
      'This contest does not allow trading that asset. You can trade BTC, ETH.',
    );
    expect(contestErrorText(fail('ORDER_TYPE_NOT_ALLOWED'), rules)).toBe(
      'This contest does not allow that kind of order. You can place market orders.',
    );
    expect(contestErrorText(fail('ALREADY_MEMBER'))).toBe('You have already joined this contest.');
    expect(contestErrorText(fail('RESET_NOT_ALLOWED'))).toMatch(/cannot be reset/);
  });

  it('leaves every other failure to the server message', () => {
    expect(contestErrorText(fail('INSUFFICIENT_FUNDS'), rules)).toBeNull();
    expect(contestErrorText(new Error('boom'))).toBeNull();
  });
});
