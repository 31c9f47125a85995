import {
  centsFromNumber,
  replayDuration,
  USD_DECIMALS_MESSAGE,
  type PriceSource,
  type CreateContestBody,
  type UpdateContestBody,
} from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { newId } from '../../db/new-id.ts';
import { inTransaction, lockPortfolios, lockUser, type Trx } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error.ts';
import { setStartingCash } from '../../ledger/ledger.ts';
import { releaseOrders } from '../../ledger/release-orders.ts';
import { insertPortfolio, newWalletAddress } from '../../users/create-user.ts';
import { notifyMany } from '../../users/notify.ts';
import { assertCanSee, assertOwner, lockContestRow, newJoinCode } from './contest-access.ts';
import { endContest, type EndedContest } from './contest-end.ts';
import { contestStatus, parseList, type ContestRow } from './contest-record.ts';
import { checkReplayCoverage } from './replay-coverage.ts';

/*
 * Every change of a contest or of its membership, each one transaction that starts with the
 * contest row's lock (contest-access.ts lockContestRow) and checks the contest's state under it,
 * with the clock read under it: nothing checked can change before the write. The routes
 * (membership-routes.ts, host-routes.ts) only parse, call these and answer.
 */

type Db = Kysely<DB>;

/** POST /contests and the rule edits of PATCH: dollars to exact cents, or a 400 on the field. */
function cents(usd: number, field: string): bigint {
  const value = centsFromNumber(usd);
  if (value === null) throw badRequest('VALIDATION_ERROR', USD_DECIMALS_MESSAGE, field);
  return value;
}

const nullableBig = (n: number | null | undefined): bigint | null =>
  n === null || n === undefined ? null : BigInt(n);

export const codeNotFound = () =>
  notFound('CONTEST_NOT_FOUND', 'No contest has that code: check it with your host');

/** A price source's columns; a replay's end is its start plus the replay's duration. */
function priceColumns(
  source: PriceSource,
  startsAt: number,
): Pick<ContestRow, 'price_kind' | 'replay_from' | 'replay_to' | 'replay_speed'> & {
  endsAt?: number;
} {
  if (source.kind === 'LIVE')
    return { price_kind: 'LIVE', replay_from: null, replay_to: null, replay_speed: null };
  return {
    price_kind: 'REPLAY',
    replay_from: BigInt(source.from),
    replay_to: BigInt(source.to),
    replay_speed: BigInt(source.speed),
    endsAt: startsAt + replayDuration(source),
  };
}

/** POST /contests: a new contest or class; the creator of a CONTEST joins it, the owner of a CLASS does not trade. */
export async function createContest(
  db: Db,
  ownerId: string,
  body: CreateContestBody,
): Promise<ContestRow> {
  const now = Date.now();
  const user = await db
    .selectFrom('users')
    .select(['email_verified', 'account_type'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  if (BigInt(user.email_verified) === 0n) {
    throw forbidden(
      'EMAIL_NOT_VERIFIED',
      'Confirm your e-mail address first: hosts of contests and classes need a verified address',
    );
  }
  if (body.kind === 'CLASS' && user.account_type !== 'TEACHER') {
    throw forbidden(
      'TEACHER_ONLY',
      'Only a teacher account can create a class; anyone can create a contest',
    );
  }
  const { endsAt = body.endsAt, ...priceSource } = priceColumns(
    body.priceSource ?? { kind: 'LIVE' },
    body.startsAt,
  );
  if (endsAt <= now)
    throw badRequest('VALIDATION_ERROR', 'The end must be in the future', 'endsAt');
  if (body.lessons?.length && body.kind !== 'CLASS')
    throw badRequest('VALIDATION_ERROR', 'Only a class points to lessons', 'lessons');
  const startingCents = cents(body.startingBalance, 'startingBalance');
  const row: ContestRow = {
    id: newId(now),
    owner_id: ownerId,
    name: body.name,
    description: body.description ?? '',
    kind: body.kind,
    visibility: body.visibility,
    starting_balance_cents: startingCents,
    starts_at: BigInt(body.startsAt),
    ends_at: BigInt(endsAt),
    ...priceSource,
    allowed_symbols: JSON.stringify([...new Set(body.allowedSymbols ?? [])]),
    order_types: JSON.stringify([...new Set(body.orderTypes ?? [])]),
    fee_bps: BigInt(body.feeBps ?? 0),
    fee_min_cents: cents(body.feeMinUsd ?? 0, 'feeMinUsd'),
    lessons: JSON.stringify([...new Set(body.lessons ?? [])]),
    join_code: newJoinCode(),
    created_at: BigInt(now),
    closed_at: null,
    max_position_percent: nullableBig(body.maxPositionPercent),
    max_trades_per_day: nullableBig(body.maxTradesPerDay),
    require_notes: body.requireNotes ? 1n : 0n,
    rank_by: body.rankBy ?? 'RETURN',
    fill_model: body.fillModel ?? null,
  };
  const symbols = parseList(row.allowed_symbols);
  if (symbols.length) {
    const known = await db
      .selectFrom('assets')
      .select('symbol')
      .where('symbol', 'in', symbols)
      .execute();
    const unknown = symbols.filter((s) => !known.some((k) => k.symbol === s));
    if (unknown.length)
      throw badRequest('UNKNOWN_SYMBOL', `Unknown asset ${unknown.join(', ')}`, 'allowedSymbols');
  }
  if (body.priceSource?.kind === 'REPLAY') await checkReplayCoverage(db, symbols, body.priceSource);
  await inTransaction(db, async (trx) => {
    await trx.insertInto('contests').values(row).execute();
    if (body.kind === 'CONTEST') {
      const walletAddress = newWalletAddress();
      await insertPortfolio(
        trx,
        {
          id: newId(now),
          userId: ownerId,
          kind: 'CONTEST',
          contestId: row.id,
          walletAddress,
          cents: startingCents,
        },
        now,
      );
    }
  });
  return row;
}

/** The rule edits of PATCH /contests/:id that move money or change what may be traded: before the start only. */
const moneyRules = (body: UpdateContestBody) =>
  body.startingBalance !== undefined ||
  body.allowedSymbols !== undefined ||
  body.orderTypes !== undefined ||
  body.feeBps !== undefined ||
  body.feeMinUsd !== undefined ||
  body.priceSource !== undefined;

/**
 * PATCH /contests/:id, in one transaction under the contest's lock: the checks against the start
 * and the end, the new rules, the members' new starting balance, and an owner's `end`, which
 * closes the contest as a tick at endsAt would (contest-end.ts) in the same transaction. The
 * ended contest, if any, is for the caller's pushes after commit.
 */
export async function updateContest(
  db: Db,
  contestId: string,
  ownerId: string,
  body: UpdateContestBody,
): Promise<EndedContest | null> {
  return inTransaction(db, async (trx) => {
    const row = await lockContestRow(trx, contestId);
    assertOwner(row, ownerId);
    const now = Date.now();
    if (contestStatus(row, now) === 'ENDED')
      throw conflict(
        'CONTEST_ENDED',
        'This contest has ended: its rules and results stay as they are',
      );
    if (moneyRules(body) && now >= Number(row.starts_at)) {
      throw conflict(
        'CONTEST_STARTED',
        'The contest has started: its balance, assets, order types and fees can no longer change',
      );
    }
    const source = body.priceSource ?? null;
    const replays = source ? source.kind === 'REPLAY' : row.price_kind === 'REPLAY';
    if (body.endsAt !== undefined && replays)
      throw badRequest(
        'VALIDATION_ERROR',
        'A replay ends when its period is played: change the period or the speed instead',
        'endsAt',
      );
    if (body.endsAt !== undefined && body.endsAt < now)
      throw badRequest('VALIDATION_ERROR', 'The end cannot be in the past', 'endsAt');
    if (body.endsAt !== undefined && body.endsAt <= Number(row.starts_at)) {
      throw badRequest('VALIDATION_ERROR', 'The end must be after the start', 'endsAt');
    }
    if (body.lessons !== undefined && row.kind !== 'CLASS')
      throw badRequest('VALIDATION_ERROR', 'Only a class points to lessons', 'lessons');
    const changes: Partial<ContestRow> = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.description !== undefined) changes.description = body.description;
    if (body.endsAt !== undefined) changes.ends_at = BigInt(body.endsAt);
    if (body.lessons !== undefined) changes.lessons = JSON.stringify([...new Set(body.lessons)]);
    if (body.allowedSymbols !== undefined)
      changes.allowed_symbols = JSON.stringify([...new Set(body.allowedSymbols)]);
    if (body.orderTypes !== undefined)
      changes.order_types = JSON.stringify([...new Set(body.orderTypes)]);
    if (body.feeBps !== undefined) changes.fee_bps = BigInt(body.feeBps);
    if (body.feeMinUsd !== undefined) changes.fee_min_cents = cents(body.feeMinUsd, 'feeMinUsd');
    if (source) {
      const { endsAt, ...columns } = priceColumns(source, Number(row.starts_at));
      Object.assign(changes, columns);
      if (endsAt !== undefined) changes.ends_at = BigInt(endsAt);
    }
    // A replay must still be covered for the assets it will trade, the new list or the old one.
    const replaying = source ?? (row.price_kind === 'REPLAY' ? scheduleSource(row) : null);
    if (replaying?.kind === 'REPLAY' && (source || body.allowedSymbols !== undefined))
      await checkReplayCoverage(
        trx,
        parseList(changes.allowed_symbols ?? row.allowed_symbols),
        replaying,
      );
    // Class rules may change while it runs: they are checked as each order is placed.
    if (body.maxPositionPercent !== undefined)
      changes.max_position_percent = nullableBig(body.maxPositionPercent);
    if (body.maxTradesPerDay !== undefined)
      changes.max_trades_per_day = nullableBig(body.maxTradesPerDay);
    if (body.requireNotes !== undefined) changes.require_notes = body.requireNotes ? 1n : 0n;
    if (body.rankBy !== undefined) changes.rank_by = body.rankBy;
    // The fill model, like the class rules, applies from the next order on.
    if (body.fillModel !== undefined) changes.fill_model = body.fillModel;
    const startingCents =
      body.startingBalance !== undefined ? cents(body.startingBalance, 'startingBalance') : null;
    if (startingCents !== null) changes.starting_balance_cents = startingCents;
    // Ended now: the same end a tick carries out at endsAt, done at once for the owner.
    if (body.end) changes.ends_at = BigInt(now);
    if (Object.keys(changes).length)
      await trx.updateTable('contests').set(changes).where('id', '=', row.id).execute();
    // Before the start nobody has traded: members simply hold the new starting balance. Every join
    // took the contest's lock too, so each one is in this list or reads the new balance after it.
    if (startingCents !== null) {
      const members = await trx
        .selectFrom('portfolios')
        .select('id')
        .where('contest_id', '=', row.id)
        .execute();
      const locked = await lockPortfolios(
        trx,
        members.map((m) => m.id),
      );
      await setStartingCash(
        trx,
        locked.map((p) => p.id),
        startingCents,
      );
    }
    return body.end ? endContest(trx, row.id, now) : null;
  });
}

/** The REPLAY source a contest row stores. */
function scheduleSource(row: ContestRow): PriceSource {
  return {
    kind: 'REPLAY',
    from: Number(row.replay_from),
    to: Number(row.replay_to),
    speed: Number(row.replay_speed),
  };
}

/** The contest a join code names, or null; codes are stored in capitals. */
export async function contestByCode(db: Db, code: string): Promise<ContestRow | null> {
  return (
    (await db
      .selectFrom('contests')
      .selectAll()
      .where('join_code', '=', code.toUpperCase())
      .executeTakeFirst()) ?? null
  );
}

/** A PUBLIC contest's id, for a join by id; null for a private id as for none. */
export async function publicContestId(db: Db, contestId: string): Promise<string | null> {
  const row = await db
    .selectFrom('contests')
    .select('id')
    .where('id', '=', contestId)
    .where('visibility', '=', 'PUBLIC')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * POST /contests/join: a new portfolio holding the contest's starting balance as read under the
 * contest's lock (a PATCH of the balance is wholly before or after it), then the user's lock, so
 * two joins of one user cannot both find no membership and make two.
 */
export async function joinContest(
  db: Db,
  userId: string,
  contestId: string,
): Promise<{ row: ContestRow; walletAddress: string }> {
  const walletAddress = newWalletAddress();
  const row = await inTransaction(db, async (trx) => {
    const row = await lockContestRow(trx, contestId);
    const now = Date.now();
    if (contestStatus(row, now) === 'ENDED')
      throw conflict('CONTEST_ENDED', `"${row.name}" has ended: it no longer takes new members`);
    if (row.kind === 'CLASS' && row.owner_id === userId)
      throw conflict('ALREADY_MEMBER', 'You teach this class: you see it as its owner');
    await lockUser(trx, userId);
    const existing = await trx
      .selectFrom('portfolios')
      .select(['closed_at'])
      .where('contest_id', '=', row.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing && existing.closed_at === null)
      throw conflict('ALREADY_MEMBER', `You are already in "${row.name}"`);
    if (existing)
      throw forbidden('REMOVED_FROM_CONTEST', `The host removed you from "${row.name}"`);
    const portfolio = {
      id: newId(now),
      userId,
      kind: 'CONTEST' as const,
      contestId: row.id,
      walletAddress,
    };
    await insertPortfolio(trx, { ...portfolio, cents: BigInt(row.starting_balance_cents) }, now);
    return row;
  });
  return { row, walletAddress };
}

export const notAMember = () => notFound('NOT_A_MEMBER', 'You are not in this contest');

/**
 * POST /contests/:id/leave, before the start: the portfolio goes, as if never joined. Checked and
 * deleted under the contest's and the portfolio's locks; of two leaves at once only the one that
 * deleted the row answers 204, the other 404 NOT_A_MEMBER.
 */
export async function leaveContest(db: Db, contestId: string, userId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await lockContestRow(trx, contestId);
    const membership = await assertCanSee(trx, row, userId);
    if (!membership) throw notAMember();
    if (Date.now() >= Number(row.starts_at))
      throw conflict('CONTEST_STARTED', 'The contest has started: your results stay on its board');
    await lockPortfolios(trx, [membership.portfolioId]);
    const deleted = await trx
      .deleteFrom('portfolios')
      .where('id', '=', membership.portfolioId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw notAMember();
  });
}

/** A member's open portfolio in this contest, by its wallet; 404 for anything else. */
export async function memberPortfolio(
  db: Db | Trx,
  contestId: string,
  walletAddress: string,
): Promise<{ id: string; user_id: string }> {
  const member = await db
    .selectFrom('portfolios')
    .select(['id', 'user_id'])
    .where('contest_id', '=', contestId)
    .where('wallet_address', '=', walletAddress.toLowerCase())
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (!member) throw notFound('MEMBER_NOT_FOUND', 'No member of this contest has that wallet');
  return member;
}

/**
 * DELETE /contests/:id/members/:wallet: the portfolio is closed under its lock, its working orders
 * cancelled with their reservations back, and the member told. The time is read under the lock,
 * so every order committed before is dated before closed_at; an order queued behind the lock then
 * finds the portfolio closed and saves nothing (db/transaction.ts lockPortfolio). Answers the
 * member's user id, for the push after commit.
 */
export async function removeMember(
  db: Db,
  contestId: string,
  ownerId: string,
  walletAddress: string,
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const row = await lockContestRow(trx, contestId);
    assertOwner(row, ownerId);
    const member = await memberPortfolio(trx, row.id, walletAddress);
    if (member.user_id === ownerId)
      throw badRequest(
        'VALIDATION_ERROR',
        'You cannot remove yourself from your own contest',
        'walletAddress',
      );
    const [locked] = await lockPortfolios(trx, [member.id]);
    if (!locked || locked.closedAt !== null)
      throw notFound('MEMBER_NOT_FOUND', 'No member of this contest has that wallet');
    const now = Date.now();
    await releaseOrders(trx, { portfolios: [locked], at: now });
    await trx
      .updateTable('portfolios')
      .set({ closed_at: now })
      .where('id', '=', member.id)
      .execute();
    await notifyMany(
      trx,
      [
        {
          userId: member.user_id,
          type: 'INFORMATIVE',
          text: `The host removed you from "${row.name}"`,
          url: '/contests',
        },
      ],
      now,
    );
    return member.user_id;
  });
}

/** POST /contests/:id/announcements: one INFORMATIVE notification to every member but the owner. Answers who was told. */
export async function announce(
  db: Db,
  contestId: string,
  ownerId: string,
  text: string,
): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    const row = await lockContestRow(trx, contestId);
    assertOwner(row, ownerId);
    const members = await trx
      .selectFrom('portfolios')
      .select('user_id')
      .where('contest_id', '=', row.id)
      .where('closed_at', 'is', null)
      .where('user_id', '!=', ownerId)
      .execute();
    const userIds = [...new Set(members.map((m) => m.user_id))];
    const message = `${row.name}: ${text}`;
    await notifyMany(
      trx,
      userIds.map((userId) => ({
        userId,
        type: 'INFORMATIVE' as const,
        text: message,
        url: `/contests/${row.id}`,
      })),
    );
    return userIds;
  });
}
