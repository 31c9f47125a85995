import type { HistoryEntry, LimitPosition, Transaction, User } from './contract/shapes.ts';

/**
 * How many entries `User.history` carries: the latest only (docs/api.md, "Lean order answers"
 * says why this number); every screen that needs more reads GET /transactions.
 */
export const USER_HISTORY_LIMIT = 20;
/** Filled, cancelled or expired orders carried in `limitPositions` beside every working one. */
export const USER_CLOSED_ORDERS_LIMIT = 20;

/**
 * What an order call changed: any User fields (each replaces the client's copy whole), plus the
 * transaction or the working order the call made (docs/api.md, "Lean order answers").
 */
export type UserPatch = Partial<Omit<User, 'version'>> & {
  transaction?: Transaction;
  limitPosition?: LimitPosition;
};

const isTransaction = (entry: HistoryEntry): entry is Transaction => 'id' in entry;
const entryId = (entry: HistoryEntry) => (isTransaction(entry) ? entry.id : entry.positionId);

/**
 * The order of `User.history`, the server's and every merge's: newest first; at one timestamp
 * transactions before working orders, then the later id first (ids sort by creation time).
 */
export function compareHistory(a: HistoryEntry, b: HistoryEntry): number {
  if (a.timestamp !== b.timestamp) return b.timestamp - a.timestamp;
  const kind = Number(!isTransaction(a)) - Number(!isTransaction(b));
  if (kind) return kind;
  const [x, y] = [entryId(a), entryId(b)];
  return x === y ? 0 : x < y ? 1 : -1;
}

/** The order of each half of `User.limitPositions` (working, then the others): newest first. */
export function compareOrders(a: LimitPosition, b: LimitPosition): number {
  if (a.timestamp !== b.timestamp) return b.timestamp - a.timestamp;
  return a.positionId === b.positionId ? 0 : a.positionId < b.positionId ? 1 : -1;
}

/** The history with `entry` in its place (replacing one of the same id), still the latest only. */
function withHistoryEntry(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const id = entryId(entry);
  return [...history.filter((e) => entryId(e) !== id), entry]
    .sort(compareHistory)
    .slice(0, USER_HISTORY_LIMIT);
}

/** Working orders all, then the latest others: where `order` now stands among them. */
function withOrder(orders: readonly LimitPosition[], order: LimitPosition): LimitPosition[] {
  const rest = orders.filter((o) => o.positionId !== order.positionId);
  const working = rest.filter((o) => o.status === 'WORKING');
  const closed = rest.filter((o) => o.status !== 'WORKING');
  (order.status === 'WORKING' ? working : closed).push(order);
  return [
    ...working.sort(compareOrders),
    ...closed.sort(compareOrders).slice(0, USER_CLOSED_ORDERS_LIMIT),
  ];
}

/**
 * The client's record with an order answer or a /live patch merged in (docs/api.md, "Lean order
 * answers"): a User field present replaces the copy whole; `transaction` enters the history, and
 * `limitPosition` the orders and (while it works) the history, in the server's own order and
 * bounds, unless the patch carries those lists whole. The server sends them whole whenever the
 * call took an entry out of them, since only it knows the older entry that moves up. Whether the
 * patch fits the record (its version) is `patchFit`'s question, asked first.
 */
export function applyUserPatch(user: User, answer: UserPatch & { version?: number }): User {
  const { transaction, limitPosition, version, ...fields } = answer;
  const next: User = { ...user, ...fields };
  if (version !== undefined) next.version = version;
  if (transaction && !fields.history) next.history = withHistoryEntry(next.history, transaction);
  if (limitPosition) {
    if (!fields.limitPositions) next.limitPositions = withOrder(next.limitPositions, limitPosition);
    if (!fields.history && limitPosition.status === 'WORKING')
      next.history = withHistoryEntry(next.history, limitPosition);
    else if (!fields.history)
      next.history = next.history.filter((e) => entryId(e) !== limitPosition.positionId);
  }
  return next;
}

/**
 * How a patch of `version` relates to a record: the next change (`apply`), one the record already
 * holds (`stale`: ignore it), or one after a change the client never saw (`gap`: read the record
 * whole again).
 */
export function patchFit(user: Pick<User, 'version'>, version: number): 'apply' | 'stale' | 'gap' {
  if (version <= user.version) return 'stale';
  return version === user.version + 1 ? 'apply' : 'gap';
}
