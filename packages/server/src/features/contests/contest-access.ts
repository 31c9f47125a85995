import { randomInt } from 'node:crypto';
import type { Contest } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isPostgres, type Trx } from '../../db/transaction.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import type { BoardCache } from './contest-board.ts';
import { toContest, type ContestRow } from './contest-record.ts';

type Db = Kysely<DB>;

/** No 0/O or 1/I/L: a code read aloud in a classroom or copied from a board cannot be mistaken. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 8;

export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i += 1)
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export const contestNotFound = () => notFound('CONTEST_NOT_FOUND', 'No such contest');

export async function loadContestRow(db: Db, contestId: string): Promise<ContestRow> {
  const row = await db
    .selectFrom('contests')
    .selectAll()
    .where('id', '=', contestId)
    .executeTakeFirst();
  if (!row) throw contestNotFound();
  return row;
}

/**
 * The contest's row, locked for the rest of the transaction and read under the lock: what every
 * change of a contest or of its membership takes first (db/transaction.ts lock order,
 * docs/decisions/019-contest-row-lock.md). A join and a change of the starting balance then queue
 * on it, so the join reads the balance the change left. FOR NO KEY UPDATE, as the user locks:
 * it queues the writers of this contest but not an insert that merely references the row.
 */
export async function lockContestRow(trx: Trx, contestId: string): Promise<ContestRow> {
  const row = await trx
    .selectFrom('contests')
    .selectAll()
    .where('id', '=', contestId)
    .$if(isPostgres(trx), (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
  if (!row) throw contestNotFound();
  return row;
}

export interface Membership {
  portfolioId: string;
  walletAddress: string;
}

/** The viewer's open portfolio in this contest, if they are a member. */
export async function membershipOf(
  db: Db,
  contestId: string,
  userId: string,
): Promise<Membership | null> {
  const row = await db
    .selectFrom('portfolios')
    .select(['id', 'wallet_address'])
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return row ? { portfolioId: row.id, walletAddress: row.wallet_address } : null;
}

/**
 * Who may see a contest (docs/api.md, Portfolios, contests and classes): its owner, its members, and anyone for a PUBLIC one.
 * Everyone else gets the same 404 as for an id that does not exist, so private ids cannot be probed.
 */
export async function assertCanSee(
  db: Db,
  row: ContestRow,
  userId: string,
): Promise<Membership | null> {
  const membership = await membershipOf(db, row.id, userId);
  if (row.owner_id !== userId && !membership && row.visibility !== 'PUBLIC')
    throw contestNotFound();
  return membership;
}

export function assertOwner(row: ContestRow, userId: string): void {
  if (row.owner_id !== userId)
    throw forbidden('NOT_CONTEST_OWNER', 'Only the host of this contest can do that');
}

/** A Contest as `viewerId` may see it: the code for its owner and members, their standing for members. */
export async function contestFor(
  db: Db,
  boards: BoardCache,
  row: ContestRow,
  viewerId: string,
): Promise<Contest> {
  const [owner, count, membership] = await Promise.all([
    db
      .selectFrom('users')
      .select(['wallet_address', 'username'])
      .where('id', '=', row.owner_id)
      .executeTakeFirst(),
    db
      .selectFrom('portfolios')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('contest_id', '=', row.id)
      .where('closed_at', 'is', null)
      .executeTakeFirst(),
    membershipOf(db, row.id, viewerId),
  ]);
  let me: Contest['me'] = null;
  if (membership) {
    const board = await boards.get(row.id);
    const mine = board.entries.find((e) => e.portfolioId === membership.portfolioId);
    me = {
      walletAddress: membership.walletAddress,
      rank: mine?.rank ?? null,
      returnPercentage: mine?.returnPercentage ?? 0,
    };
  }
  return toContest(row, {
    ownerWallet: owner?.wallet_address ?? '0x0000000000000000000000000000000000000000',
    ownerUsername: owner?.username ?? '',
    members: Number(count?.n ?? 0),
    showCode: row.owner_id === viewerId || membership !== null,
    me,
  });
}
