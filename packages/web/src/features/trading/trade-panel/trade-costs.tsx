import {
  type TransactionType,
  costsFromSettings,
  feeCents,
  fillPrice,
  formatExactPrice,
  formatUsd,
  quoteMarketBuy,
  quoteMarketSell,
  type Contest,
  type CostRule,
  type User,
} from '@papertrade/domain';
import { Box } from '@mui/material';
import { toCents, toPriceUnits, toShareUnits } from '../../../lib/portfolio.ts';
import { Row } from './row.tsx';

/**
 * The costs a portfolio pays on a fill (docs/decisions/013-fees-and-spread.md): a contest's fee and
 * no spread, or the main portfolio's realism settings.
 */
export function costRuleOf(
  user: Pick<User, 'settings'> | null | undefined,
  contest: Pick<Contest, 'feeBps' | 'feeMinUsd'> | null | undefined,
): CostRule {
  if (contest)
    return {
      fee: { bps: BigInt(contest.feeBps), minCents: toCents(contest.feeMinUsd) },
      spreadBps: 0n,
    };
  return costsFromSettings(user?.settings ?? {});
}

interface TradeCostsProps {
  rule: CostRule;
  side: TransactionType;
  unit: 'USD' | 'SYMBOL';
  /** The amount typed, in `unit`; 0 when there is none. */
  amount: number;
  price: number;
}

/**
 * The review of a market order's costs, computed as the server will: the price with half the
 * spread, the fee, and what the order costs or raises with it. Nothing when the portfolio has no costs.
 */
export function TradeCosts({ rule, side, unit, amount, price }: TradeCostsProps) {
  if (rule.spreadBps === 0n && rule.fee.bps === 0n && rule.fee.minCents === 0n) return null;
  const at = fillPrice(side, toPriceUnits(price), rule.spreadBps);
  let fee = 0n;
  let total = 0n;
  if (amount > 0) {
    try {
      const order =
        unit === 'USD'
          ? ({ unit, cents: toCents(amount) } as const)
          : ({ unit, shares: toShareUnits(amount) } as const);
      total = (side === 'PURCHASE' ? quoteMarketBuy(order, at) : quoteMarketSell(order, at))
        .totalCents;
      fee = feeCents(rule.fee, total);
    } catch {
      // An amount past the bounds: the server's answer says why.
    }
  }
  const usd = (cents: bigint) => formatUsd(Number(cents) / 100);
  return (
    <Box role="group" aria-label="Trading costs">
      {rule.spreadBps > 0n && (
        <Row
          label={`${side === 'PURCHASE' ? 'Buy' : 'Sell'} price with spread`}
          value={`$${formatExactPrice(Number(at) / 1e8)}`}
        />
      )}
      <Row label="Fee" value={usd(fee)} />
      {total > 0n && (
        <Row
          label={side === 'PURCHASE' ? 'Total cost with fee' : 'You receive after fee'}
          value={usd(side === 'PURCHASE' ? total + fee : total - fee)}
        />
      )}
    </Box>
  );
}
