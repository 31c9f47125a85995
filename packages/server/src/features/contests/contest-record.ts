import { centsToNumber, type Contest, type ContestStatus } from '@papertrade/domain';
import type { Selectable } from 'kysely';
import type { ContestsTable } from '../../db/schema.ts';

export type ContestRow = Selectable<ContestsTable>;

export function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** UPCOMING before startsAt, RUNNING until endsAt (or an early end), ENDED after. */
export function contestStatus(
  row: Pick<ContestRow, 'starts_at' | 'ends_at' | 'closed_at'>,
  now: number,
): ContestStatus {
  if (row.closed_at !== null || now >= Number(row.ends_at)) return 'ENDED';
  return now < Number(row.starts_at) ? 'UPCOMING' : 'RUNNING';
}

export interface ContestView {
  ownerWallet: string;
  ownerUsername: string;
  members: number;
  /** The owner and members see the join code; others do not. */
  showCode: boolean;
  me: Contest['me'];
}

/** The contract's Contest from its row and what the caller may see of it. */
export function toContest(row: ContestRow, view: ContestView, now = Date.now()): Contest {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind === 'CLASS' ? 'CLASS' : 'CONTEST',
    visibility: row.visibility === 'PUBLIC' ? 'PUBLIC' : 'PRIVATE',
    ownerWallet: view.ownerWallet,
    ownerUsername: view.ownerUsername,
    startingBalance: centsToNumber(BigInt(row.starting_balance_cents)),
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    allowedSymbols: parseList(row.allowed_symbols),
    orderTypes: parseList(row.order_types),
    feeBps: Number(row.fee_bps),
    feeMinUsd: centsToNumber(BigInt(row.fee_min_cents)),
    lessons: parseList(row.lessons),
    priceSource:
      row.price_kind === 'REPLAY'
        ? {
            kind: 'REPLAY',
            from: Number(row.replay_from),
            to: Number(row.replay_to),
            speed: Number(row.replay_speed),
          }
        : { kind: 'LIVE' },
    maxPositionPercent: row.max_position_percent === null ? null : Number(row.max_position_percent),
    maxTradesPerDay: row.max_trades_per_day === null ? null : Number(row.max_trades_per_day),
    requireNotes: BigInt(row.require_notes) !== 0n,
    rankBy: row.rank_by === 'SHARPE' ? 'SHARPE' : 'RETURN',
    ...(row.fill_model === 'IDEAL' || row.fill_model === 'BOOK'
      ? { fillModel: row.fill_model }
      : {}),
    members: view.members,
    status: contestStatus(row, now),
    ...(view.showCode ? { joinCode: row.join_code } : {}),
    me: view.me,
  };
}
