import { formatUsd, STARTING_BALANCE_USD, USD_DECIMALS_MESSAGE } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { contestBody, defaultContestForm, fromLocalInput, parseUsdText } from './contest-form.ts';
import { ruleLines, rulesOfBody } from './contest-rules.ts';

const NOW = new Date('2025-03-01T10:00:30').getTime();

describe('the create-contest form', () => {
  it('starts with the sensible defaults: $100,000, now for two weeks, everything allowed, no fees, private', () => {
    const form = defaultContestForm(NOW);
    const { body } = contestBody({ ...form, name: 'Spring Cup' }, NOW);
    expect(body).toEqual({
      name: 'Spring Cup',
      kind: 'CONTEST',
      visibility: 'PRIVATE',
      startingBalance: STARTING_BALANCE_USD,
      startsAt: new Date('2025-03-01T10:00:00').getTime(),
      endsAt: new Date('2025-03-15T10:00:00').getTime(),
      feeBps: 0,
      feeMinUsd: 0,
      fillModel: 'BOOK',
    });
    const lines = ruleLines(rulesOfBody(body!));
    expect(lines.map((l) => `${l.label}: ${l.value}`)).toEqual(
      expect.arrayContaining([
        `Starting balance: ${formatUsd(STARTING_BALANCE_USD)}`,
        'Assets: All assets',
        'Order types: All order types',
        'Fees: No fees',
        'Fills: Order book: big orders pay slippage',
        expect.stringMatching(/^Ends: .*\(2 weeks in all\)$/),
      ]),
    );
  });

  it('a contest whose fills are Ideal sends the rule fillModel and lists it', () => {
    const form = { ...defaultContestForm(NOW), name: 'Calm Cup', fillModel: 'IDEAL' as const };
    const { body } = contestBody(form, NOW);
    expect(body?.fillModel).toBe('IDEAL');
    expect(ruleLines(rulesOfBody(body!)).find((l) => l.label === 'Fills')?.value).toBe(
      'Ideal: every order at one price',
    );
  });

  it('puts each problem under its field', () => {
    const form = defaultContestForm(NOW);
    const { errors } = contestBody(
      { ...form, name: 'X', startingBalance: '500', endsAt: form.startsAt, feeBps: '250' },
      NOW,
    );
    expect(errors).toEqual({
      name: 'Give the contest a name of at least 3 characters',
      startingBalance: 'The starting balance must be at least $1,000.00',
      endsAt: 'The end must be after the start',
      feeBps: 'The fee can be at most 100 basis points (1%)',
    });
  });

  it('refuses text that is not an amount, and a start in the past', () => {
    const form = defaultContestForm(NOW);
    const { errors } = contestBody(
      { ...form, name: 'Cup', startingBalance: '10k', startsAt: '2025-02-01T10:00' },
      NOW,
    );
    expect(errors?.startingBalance).toBe(
      `Enter an amount in dollars, like ${STARTING_BALANCE_USD}`,
    );
    expect(errors?.startsAt).toBe('The start cannot be in the past');
  });

  it('reads amounts as typed, to the cent', () => {
    expect(parseUsdText('$250,000.50')).toBe(250_000.5);
    expect(parseUsdText('1.005')).toBe(1.005);
    expect(parseUsdText('1e5')).toBeNull();
    expect(parseUsdText('-5')).toBeNull();
    expect(Number.isNaN(fromLocalInput(''))).toBe(true);
  });

  it('says under the field that a dollar amount has at most 2 decimals, as the server would', () => {
    const form = {
      ...defaultContestForm(NOW),
      name: 'Cup',
      startingBalance: '5000.005',
      feeMinUsd: '0.125',
    };
    const { errors } = contestBody(form, NOW);
    expect(errors).toMatchObject({
      startingBalance: USD_DECIMALS_MESSAGE,
      feeMinUsd: USD_DECIMALS_MESSAGE,
    });
  });

  it('sends lessons and chosen rules only when there are some', () => {
    const form = {
      ...defaultContestForm(NOW),
      name: 'Class 7B',
      kind: 'CLASS' as const,
      lessons: ['market-orders'],
      allowedSymbols: ['BTC'],
      orderTypes: ['MARKET'],
      feeBps: '10',
      feeMinUsd: '1',
    };
    const { body } = contestBody(form, NOW);
    expect(body).toMatchObject({
      lessons: ['market-orders'],
      allowedSymbols: ['BTC'],
      orderTypes: ['MARKET'],
      feeBps: 10,
      feeMinUsd: 1,
    });
    expect(ruleLines(rulesOfBody(body!)).find((l) => l.label === 'Fees')?.value).toBe(
      '0.10% of each fill, at least $1.00',
    );
  });

  it('a replay sends its period in UTC and its speed, and ends when the period is played', () => {
    const form = {
      ...defaultContestForm(NOW),
      name: 'Crash Class',
      priceSource: 'REPLAY' as const,
      replayFrom: '2024-03-05T12:00',
      replayTo: '2024-03-05T13:00',
      replaySpeed: '60',
    };
    const { body } = contestBody(form, NOW);
    const from = Date.UTC(2024, 2, 5, 12, 0);
    expect(body?.priceSource).toEqual({ kind: 'REPLAY', from, to: from + 3_600_000, speed: 60 });
    expect(body!.endsAt - body!.startsAt).toBe(60_000);
  });

  it('a replay without its period or with a speed out of range names the replay field', () => {
    const form = {
      ...defaultContestForm(NOW),
      name: 'Crash Class',
      priceSource: 'REPLAY' as const,
    };
    expect(contestBody(form, NOW).errors?.priceSource).toMatch(/period to replay/);
    const fast = {
      ...form,
      replayFrom: '2024-03-05T12:00',
      replayTo: '2024-03-05T13:00',
      replaySpeed: '5000',
    };
    expect(contestBody(fast, NOW).errors?.priceSource).toMatch(/at most 3600/);
  });
});
