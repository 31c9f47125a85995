/**
 * The ledger's own assertions, kept on in production (docs/decisions/021-ledger-steps.md). A
 * step checks the money invariants of the portfolios it touched from sums it already holds (what
 * it computed and what its statements returned), never by reading more rows, so an assertion
 * costs no statement. A violation is a bug, not bad input: it throws a LedgerBug, which aborts the
 * caller's transaction (nothing of the batch is written) and is logged at level error with the
 * portfolios' ids (http/error-handler.ts for a request; a job's log for a tick).
 */

export class LedgerBug extends Error {
  override readonly name = 'LedgerBug';
  constructor(
    readonly what: string,
    readonly portfolioIds: readonly string[],
  ) {
    super(`ledger bug: ${what} (portfolios ${portfolioIds.join(', ') || 'none'})`);
  }
}

/** Throws a LedgerBug unless `ok`: the transaction it runs in then rolls back. */
export function ledgerAssert(
  ok: boolean,
  what: string,
  portfolioIds: Iterable<string>,
): asserts ok {
  if (!ok) throw new LedgerBug(what, [...new Set(portfolioIds)].sort());
}

/** Sums per portfolio, the figures the assertions compare. */
export function sumByPortfolio<F extends { portfolioId: string }>(
  items: readonly F[],
  value: (f: F) => bigint,
): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const f of items) sums.set(f.portfolioId, (sums.get(f.portfolioId) ?? 0n) + value(f));
  return sums;
}

const total = (m: ReadonlyMap<string, bigint>) => [...m.values()].reduce((a, b) => a + b, 0n);

/**
 * A batch of balances a statement moved: `moved` is what the step meant to add per portfolio
 * (negative to take), `after` what the statement's RETURNING answered, and `before`, when the
 * step knows it (the cash read under the portfolios' locks, with nothing moved since), the
 * balances it started from. Every portfolio moved must come back once, none may end negative, and
 * each must end at before + moved (or, without `before`, at least at what a credit added: the
 * balance before it was not negative).
 */
export function assertMoved(
  what: string,
  moved: ReadonlyMap<string, bigint>,
  after: ReadonlyMap<string, bigint>,
  before?: ReadonlyMap<string, bigint>,
): void {
  const ids = [...moved.keys()];
  ledgerAssert(
    ids.every((id) => after.has(id)) && after.size === moved.size,
    `${what}: ${moved.size} balances moved, ${after.size} came back`,
    [...ids, ...after.keys()],
  );
  for (const [id, delta] of moved) {
    const now = after.get(id) ?? 0n;
    ledgerAssert(now >= 0n, `${what}: a balance would be ${now}`, [id]);
    const start = before?.get(id);
    if (start !== undefined)
      ledgerAssert(now === start + delta, `${what}: ${start} + ${delta} ended at ${now}`, [id]);
    else if (delta > 0n) ledgerAssert(now >= delta, `${what}: ${delta} added, ${now} held`, [id]);
  }
}

/**
 * What a release gave back equals what the released orders held: each reservation positive, and
 * the cash and shares credited the same totals as the orders' own amounts.
 */
export function assertReleased(
  held: readonly { portfolioId: string; amount: bigint }[],
  credited: readonly ReadonlyMap<string, bigint>[],
): void {
  const ids = held.map((h) => h.portfolioId);
  for (const h of held) ledgerAssert(h.amount > 0n, `an order held ${h.amount}`, [h.portfolioId]);
  const given = credited.reduce((sum, m) => sum + total(m), 0n);
  const owed = held.reduce((sum, h) => sum + h.amount, 0n);
  ledgerAssert(given === owed, `released ${given} for orders holding ${owed}`, ids);
}
