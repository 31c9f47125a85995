import {
  centsToNumber,
  compareReturnsDescending,
  compareSharpeDescending,
  returnPercentOf,
  sharpeRatio,
  type Cents,
  type ContestBoardRow,
} from '@papertrade/domain';
import { sql, type Kysely } from 'kysely';
import { idIn } from '../../db/batch-rows.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { chunks } from '../../users/chunks.ts';
import { loadPortfolioTotals } from '../../users/total-balance.ts';
import { replayValuation } from './replay-price.ts';

export interface BoardEntry extends ContestBoardRow {
  portfolioId: string;
  userId: string;
  displayName: string;
  email: string;
  lastActiveAt: number | null;
  joinedAt: number;
}

export interface Board {
  at: number;
  entries: BoardEntry[];
}

interface Ranked {
  gainCents: bigint;
  baseCents: bigint;
  totalCents: Cents;
  joinedAt: number;
  portfolioId: string;
}

/** docs/api.md (GET /contests/:id/leaderboard): by return, then total balance, then earlier join (then id, so the order is total). */
export function compareBoard(a: Ranked, b: Ranked): number {
  return (
    compareReturnsDescending(a, b) ||
    (a.totalCents === b.totalCents ? 0 : a.totalCents > b.totalCents ? -1 : 1) ||
    a.joinedAt - b.joinedAt ||
    (a.portfolioId < b.portfolioId ? -1 : a.portfolioId > b.portfolioId ? 1 : 0)
  );
}

const DAY_MS = 86_400_000;

/**
 * Each portfolio's daily closes (its last balance point of each UTC day, of its current epoch),
 * oldest first: one row per member and day, whatever the number of points. The day's length is a
 * literal: SQLite binds a number parameter as a float, and would divide exactly.
 */
async function dailyCloses(
  trx: Kysely<DB>,
  ids: readonly string[],
): Promise<Map<string, bigint[]>> {
  const closes = new Map<string, bigint[]>();
  if (!ids.length) return closes;
  const { rows } = await sql<{
    portfolio_id: string;
    balance_cents: bigint | number | string;
  }>`SELECT s.portfolio_id, s.balance_cents FROM balance_snapshots s
    JOIN (SELECT b.portfolio_id, b.epoch, max(b.ts) AS ts FROM balance_snapshots b
      JOIN portfolios p ON p.id = b.portfolio_id AND p.epoch = b.epoch
      WHERE ${idIn(trx, 'b.portfolio_id', ids)}
      GROUP BY b.portfolio_id, b.epoch, b.ts / ${sql.lit(DAY_MS)}) d
    ON d.portfolio_id = s.portfolio_id AND d.epoch = s.epoch AND d.ts = s.ts
    ORDER BY s.portfolio_id, s.ts`.execute(trx);
  for (const r of rows) {
    const list = closes.get(r.portfolio_id) ?? [];
    list.push(BigInt(r.balance_cents));
    closes.set(r.portfolio_id, list);
  }
  return closes;
}

/**
 * A contest's board: every open member portfolio, valued at current prices while the contest
 * runs, at its final total once it ended (the frozen board), ranked exactly (fair-rank's
 * cross-multiplied returns). Reads in one repeatable-read transaction, a few statements per 500
 * members.
 */
export async function computeBoard(
  db: Kysely<DB>,
  contestId: string,
  now = Date.now(),
): Promise<Board> {
  return inTransaction(
    db,
    async (trx) => {
      const members = await trx
        .selectFrom('portfolios')
        .innerJoin('users', 'users.id', 'portfolios.user_id')
        .select([
          'portfolios.id',
          'portfolios.user_id',
          'portfolios.wallet_address',
          'portfolios.starting_balance_cents',
          'portfolios.final_balance_cents',
          'portfolios.created_at',
          'users.username',
          'users.display_name',
          'users.email',
          'users.avatar',
        ])
        .where('portfolios.contest_id', '=', contestId)
        .where('portfolios.closed_at', 'is', null)
        .execute();
      const contest = await trx
        .selectFrom('contests')
        .select('rank_by')
        .where('id', '=', contestId)
        .executeTakeFirst();
      const bySharpe = contest?.rank_by === 'SHARPE';
      const ids = members.map((m) => m.id);
      const totals = new Map<string, Cents>();
      const sharpes = new Map<string, number | null>();
      const trades = new Map<string, { n: number; last: number | null }>();
      // A replay's members are valued at the replayed prices they trade at.
      const prices = await replayValuation(trx, contestId, now);
      for (const part of chunks(ids)) {
        for (const [id, t] of await loadPortfolioTotals(trx, part, false, prices))
          totals.set(id, t.totalCents);
        for (const [id, closes] of await dailyCloses(trx, part))
          sharpes.set(id, sharpeRatio(closes));
        const counts = await trx
          .selectFrom('transactions')
          .select((eb) => [
            'portfolio_id',
            eb.fn.countAll<bigint>().as('n'),
            eb.fn.max('created_at').as('last'),
          ])
          .where('portfolio_id', 'in', part)
          .groupBy('portfolio_id')
          .execute();
        for (const c of counts)
          trades.set(c.portfolio_id, {
            n: Number(c.n),
            last: c.last === null ? null : Number(c.last),
          });
      }
      const ranked = members.map((m) => {
        const startingCents = BigInt(m.starting_balance_cents);
        const totalCents =
          m.final_balance_cents !== null
            ? BigInt(m.final_balance_cents)
            : (totals.get(m.id) ?? startingCents);
        const baseCents = startingCents > 0n ? startingCents : 1n;
        return {
          m,
          totalCents,
          gainCents: totalCents - startingCents,
          baseCents,
          joinedAt: Number(m.created_at),
          portfolioId: m.id,
          sharpe: sharpes.get(m.id) ?? null,
        };
      });
      ranked.sort(
        bySharpe
          ? (a, b) => compareSharpeDescending(a.sharpe, b.sharpe) || compareBoard(a, b)
          : compareBoard,
      );
      const entries = ranked.map((r, i): BoardEntry => ({
        rank: i + 1,
        walletAddress: r.m.wallet_address,
        username: r.m.username,
        avatar: r.m.avatar,
        totalBalance: centsToNumber(r.totalCents),
        returnPercentage: returnPercentOf(r),
        sharpe: r.sharpe,
        trades: trades.get(r.portfolioId)?.n ?? 0,
        portfolioId: r.portfolioId,
        userId: r.m.user_id,
        displayName: r.m.display_name,
        email: r.m.email,
        lastActiveAt: trades.get(r.portfolioId)?.last ?? null,
        joinedAt: r.joinedAt,
      }));
      return { at: now, entries };
    },
    { isolation: 'repeatable read' },
  );
}

/** The wire row of a board entry (docs/api.md's contest leaderboard row). */
export const toBoardRow = (e: BoardEntry): ContestBoardRow => ({
  rank: e.rank,
  walletAddress: e.walletAddress,
  username: e.username,
  avatar: e.avatar,
  totalBalance: e.totalBalance,
  returnPercentage: e.returnPercentage,
  sharpe: e.sharpe,
  trades: e.trades,
});

/**
 * Boards kept for `ttlMs` per contest: a class of thirty polling every few seconds, and the live
 * pushes, share one computation. A trade shows on the board up to `ttlMs` later.
 */
export function createBoardCache(db: Kysely<DB>, ttlMs = 2_000) {
  const cached = new Map<string, { at: number; board: Promise<Board> }>();
  return {
    get(contestId: string): Promise<Board> {
      const now = Date.now();
      const hit = cached.get(contestId);
      if (hit && now - hit.at < ttlMs) return hit.board;
      const entry = { at: now, board: computeBoard(db, contestId, now) };
      cached.set(contestId, entry);
      entry.board.catch(() => {
        if (cached.get(contestId) === entry) cached.delete(contestId);
      });
      if (cached.size > 1_000)
        for (const key of [...cached.keys()].slice(0, 500)) cached.delete(key);
      return entry.board;
    },
    invalidate(contestId: string): void {
      cached.delete(contestId);
    },
  };
}
export type BoardCache = ReturnType<typeof createBoardCache>;
