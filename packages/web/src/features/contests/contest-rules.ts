import { formatUsd, numberFormat, type Contest, type CreateContestBody } from '@papertrade/domain';
import { orderTypeName } from '../../lib/contest-trading.ts';
import { formatDateTime } from '../../lib/format.ts';
import { formatDuration } from './countdown.ts';

/** The rules a host sets, as the create preview, the join page and the contest page list them. */
export type RulesInput = Pick<
  Contest,
  | 'kind'
  | 'visibility'
  | 'startingBalance'
  | 'startsAt'
  | 'endsAt'
  | 'allowedSymbols'
  | 'orderTypes'
  | 'feeBps'
  | 'feeMinUsd'
> &
  Partial<
    Pick<
      Contest,
      'maxPositionPercent' | 'maxTradesPerDay' | 'requireNotes' | 'rankBy' | 'fillModel'
    >
  >;

export interface RuleLine {
  label: string;
  value: string;
}

const percent = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function feeText(feeBps: number, feeMinUsd: number): string {
  if (feeBps === 0 && feeMinUsd === 0) return 'No fees';
  // A rate, not a change: no sign (formatPercent's "+0.10%" reads as a gain).
  const rate = feeBps > 0 ? `${percent.format(feeBps / 100)}% of each fill` : null;
  const min = feeMinUsd > 0 ? `${rate ? 'at least ' : ''}${formatUsd(feeMinUsd)}` : null;
  return `${[rate, min].filter(Boolean).join(', ')}${rate ? '' : ' per fill'}`;
}

/** One line per rule, in the words of someone deciding whether to join. */
export function ruleLines(rules: RulesInput): RuleLine[] {
  return [
    {
      label: 'Type',
      value: rules.kind === 'CLASS' ? 'Class (your teacher sees your portfolio)' : 'Contest',
    },
    {
      label: 'Who can join',
      value:
        rules.visibility === 'PUBLIC'
          ? 'Anyone (listed publicly)'
          : 'Only people with the code or link',
    },
    { label: 'Starting balance', value: formatUsd(rules.startingBalance) },
    { label: 'Starts', value: formatDateTime(rules.startsAt) },
    {
      label: 'Ends',
      value: `${formatDateTime(rules.endsAt)} (${formatDuration(rules.endsAt - rules.startsAt)} in all)`,
    },
    {
      label: 'Assets',
      value: rules.allowedSymbols.length === 0 ? 'All assets' : rules.allowedSymbols.join(', '),
    },
    {
      label: 'Order types',
      value:
        rules.orderTypes.length === 0
          ? 'All order types'
          : rules.orderTypes.map(orderTypeName).join(', '),
    },
    { label: 'Fees', value: feeText(rules.feeBps, rules.feeMinUsd) },
    // BOOK when absent (docs/decisions/029-simulated-order-book.md).
    {
      label: 'Fills',
      value:
        rules.fillModel === 'IDEAL'
          ? 'Ideal: every order at one price'
          : 'Order book: big orders pay slippage',
    },
    ...classRuleLines(rules),
    {
      label: 'Ranking',
      value:
        rules.rankBy === 'SHARPE'
          ? 'By Sharpe ratio of daily returns (steady gains first); ties by return'
          : 'By return since the start; ties by total, then who joined first',
    },
  ];
}

/** The class rules that are set (docs/api.md, "Class rules and reports"); none when none is. */
export function classRuleLines(rules: Partial<RulesInput>): RuleLine[] {
  const lines: RuleLine[] = [];
  if (rules.maxPositionPercent != null)
    lines.push({
      label: 'Largest position',
      value: `At most ${rules.maxPositionPercent}% of the portfolio in one asset`,
    });
  if (rules.maxTradesPerDay != null)
    lines.push({
      label: 'Trades per day',
      value: `At most ${rules.maxTradesPerDay} order${rules.maxTradesPerDay === 1 ? '' : 's'} a day (UTC)`,
    });
  if (rules.requireNotes) lines.push({ label: 'Trade notes', value: 'A note with every order' });
  return lines;
}

/** The rules a create body will set (what it leaves out is the server's default: all, none). */
export function rulesOfBody(body: CreateContestBody): RulesInput {
  return {
    kind: body.kind,
    visibility: body.visibility,
    startingBalance: body.startingBalance,
    startsAt: body.startsAt,
    endsAt: body.endsAt,
    allowedSymbols: body.allowedSymbols ?? [],
    orderTypes: body.orderTypes ?? [],
    feeBps: body.feeBps ?? 0,
    feeMinUsd: body.feeMinUsd ?? 0,
    maxPositionPercent: body.maxPositionPercent ?? null,
    maxTradesPerDay: body.maxTradesPerDay ?? null,
    requireNotes: body.requireNotes ?? false,
    rankBy: body.rankBy ?? 'RETURN',
    fillModel: body.fillModel ?? 'BOOK',
  };
}
