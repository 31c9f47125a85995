import { describe, expect, it } from 'vitest';
import { CreateContestBody } from './contests.ts';
import { USD_DECIMALS_MESSAGE } from './primitives.ts';
import { MarketOrderBody, ModifyLimitBody, OpenLimitBody, ResetUserBody } from './requests.ts';

const walletAddress = `0x${'a'.repeat(40)}`;

/** The first issue's field and message, or null when the body passes. */
function issueOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issue = result.error?.issues[0];
  return result.success || !issue ? null : { field: issue.path.join('.'), message: issue.message };
}

describe('the USD rule in the request schemas: whole cents, never rounded', () => {
  it('a market order in USD takes 2 decimals, not 3; in shares it takes 8', () => {
    const order = (assetAmount: number, unit: 'USD' | 'SYMBOL') =>
      MarketOrderBody.safeParse({ symbol: 'BTC', walletAddress, assetAmount, unit });
    expect(issueOf(order(10.25, 'USD'))).toBeNull();
    expect(issueOf(order(10.255, 'USD'))).toEqual({
      field: 'assetAmount',
      message: USD_DECIMALS_MESSAGE,
    });
    expect(issueOf(order(0.12345678, 'SYMBOL'))).toBeNull();
  });

  it("a working buy's purchaseAsk, when opened and when modified", () => {
    const open = (purchaseAsk: number) =>
      OpenLimitBody.safeParse({
        type: 'PURCHASE',
        symbol: 'BTC',
        walletAddress,
        limitAsk: 40_000,
        purchaseAsk,
      });
    expect(issueOf(open(100.5))).toBeNull();
    expect(issueOf(open(100.505))).toEqual({ field: 'purchaseAsk', message: USD_DECIMALS_MESSAGE });
    expect(
      issueOf(ModifyLimitBody.safeParse({ positionId: 'p1', walletAddress, purchaseAsk: 1.001 })),
    ).toEqual({
      field: 'purchaseAsk',
      message: USD_DECIMALS_MESSAGE,
    });
  });

  it("a reset's and a contest's starting balance, and a contest's minimum fee", () => {
    expect(issueOf(ResetUserBody.safeParse({ walletAddress, startingBalance: 5_000.001 }))).toEqual(
      {
        field: 'startingBalance',
        message: USD_DECIMALS_MESSAGE,
      },
    );
    const contest = (over: Record<string, unknown>) =>
      CreateContestBody.safeParse({
        name: 'Cup',
        kind: 'CONTEST',
        visibility: 'PRIVATE',
        startingBalance: 5_000,
        startsAt: 1,
        endsAt: 2,
        ...over,
      });
    expect(issueOf(contest({}))).toBeNull();
    expect(issueOf(contest({ startingBalance: 5_000.001 }))).toEqual({
      field: 'startingBalance',
      message: USD_DECIMALS_MESSAGE,
    });
    expect(issueOf(contest({ feeMinUsd: 0.005 }))).toEqual({
      field: 'feeMinUsd',
      message: USD_DECIMALS_MESSAGE,
    });
  });
});
