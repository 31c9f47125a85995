import { checkMoneyInvariants, type MoneyState, type SymbolLedger } from '@papertrade/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app.ts';
import type { AppContext } from '../../app-context.ts';
import { lotTotalsViolations } from '../../test-support/lot-totals-check.ts';
import type { TestUser } from '../../test-support/test-app.ts';

/** Shared by the trading tests: calls as a signed-in user, prices, and the ledger read back exactly. */

export function post(app: App, user: TestUser | null, url: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url,
    headers: user?.headers ?? {},
    payload: user && !('walletAddress' in body) ? { walletAddress: user.walletAddress, ...body } : body,
  });
}

export const buy = (app: App, user: TestUser, symbol: string, assetAmount: unknown, unit?: 'USD' | 'SYMBOL') =>
  post(app, user, '/purchase-asset', { symbol, assetAmount, ...(unit ? { unit } : {}) });

export const sell = (app: App, user: TestUser, symbol: string, assetAmount: unknown, unit?: 'USD' | 'SYMBOL') =>
  post(app, user, '/sell-asset', { symbol, assetAmount, ...(unit ? { unit } : {}) });

export const openLimit = (app: App, user: TestUser, body: Record<string, unknown>) =>
  post(app, user, '/open-limit-position', body);

export const cancelLimit = (app: App, user: TestUser, positionId: string) =>
  post(app, user, '/cancel-limit-position', { positionId });

/** Sets a price through market control, which also runs a full tick (and so the limit trigger). */
export async function setPrice(app: App, symbol: string, price: number): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/market-control/price',
    payload: { id: `${symbol.toLowerCase()}usd`, price },
  });
  if (res.statusCode !== 200) throw new Error(`setPrice ${symbol} ${price}: ${res.statusCode} ${res.body}`);
}

export function expectStatus(res: LightMyRequestResponse, status: number, code?: string): void {
  if (res.statusCode !== status || (code !== undefined && res.json<{ code?: string }>().code !== code)) {
    throw new Error(`expected ${status} ${code ?? ''}, got ${res.statusCode} ${res.body}`);
  }
}

export interface Ledger extends MoneyState {
  /** Open lots per symbol: they must add up to free + reserved shares. */
  lots: Map<string, bigint>;
}

const add = (map: Map<string, bigint>, key: string, value: bigint) => map.set(key, (map.get(key) ?? 0n) + value);

/** One user's money read straight from the tables, summed with bigint. */
export async function readLedger(ctx: AppContext, userId: string): Promise<Ledger> {
  const { db } = ctx;
  const user = await db.selectFrom('users').select(['cash_cents', 'starting_balance_cents']).where('id', '=', userId).executeTakeFirstOrThrow();
  const holdings = await db.selectFrom('holdings').select(['symbol', 'shares']).where('user_id', '=', userId).execute();
  const orders = await db.selectFrom('limit_orders').selectAll().where('user_id', '=', userId).where('status', '=', 'WORKING').execute();
  const txs = await db.selectFrom('transactions').selectAll().where('user_id', '=', userId).execute();
  const lotRows = await db.selectFrom('lots').select(['symbol', 'shares']).where('user_id', '=', userId).execute();

  const free = new Map<string, bigint>();
  const reserved = new Map<string, bigint>();
  const bought = new Map<string, bigint>();
  const sold = new Map<string, bigint>();
  const lots = new Map<string, bigint>();
  let reservedCash = 0n;
  let buysCost = 0n;
  let sellsProceeds = 0n;
  for (const h of holdings) add(free, h.symbol, BigInt(h.shares));
  for (const o of orders) {
    if (o.type === 'PURCHASE') reservedCash += BigInt(o.purchase_cents ?? 0n);
    else add(reserved, o.symbol, BigInt(o.sell_shares ?? 0n));
  }
  for (const t of txs) {
    if (t.type === 'PURCHASE') {
      buysCost += BigInt(t.total_cents);
      add(bought, t.symbol, BigInt(t.shares));
    } else {
      sellsProceeds += BigInt(t.total_cents);
      add(sold, t.symbol, BigInt(t.shares));
    }
  }
  for (const l of lotRows) add(lots, l.symbol, BigInt(l.shares));
  const symbols = new Set([...free.keys(), ...reserved.keys(), ...bought.keys(), ...sold.keys(), ...lots.keys()]);
  const perSymbol: SymbolLedger[] = [...symbols].sort().map((symbol) => ({
    symbol,
    freeShares: free.get(symbol) ?? 0n,
    reservedShares: reserved.get(symbol) ?? 0n,
    boughtShares: bought.get(symbol) ?? 0n,
    soldShares: sold.get(symbol) ?? 0n,
  }));
  return {
    startingCents: BigInt(user.starting_balance_cents),
    freeCashCents: BigInt(user.cash_cents),
    reservedCashCents: reservedCash,
    buysCostCents: buysCost,
    sellsProceedsCents: sellsProceeds,
    perSymbol,
    lots,
  };
}

/** Every money invariant of ARCHITECTURE.md, plus: open lots add up to the shares held, and their running totals to the lots. */
export async function ledgerViolations(ctx: AppContext, userId: string): Promise<string[]> {
  const ledger = await readLedger(ctx, userId);
  const violations = checkMoneyInvariants(ledger);
  for (const s of ledger.perSymbol) {
    const lots = ledger.lots.get(s.symbol) ?? 0n;
    if (lots !== s.freeShares + s.reservedShares) {
      violations.push(`${s.symbol}: open lots ${lots} != free + reserved ${s.freeShares + s.reservedShares}`);
    }
  }
  const holdings = await ctx.db.selectFrom('holdings').select(['symbol', 'shares']).where('user_id', '=', userId).execute();
  for (const h of holdings) if (BigInt(h.shares) === 0n) violations.push(`${h.symbol}: an empty holding row is left`);
  violations.push(...(await lotTotalsViolations(ctx.db, userId)));
  return violations.map((v) => `user ${userId}: ${v}`);
}

export async function expectSound(ctx: AppContext, userIds: readonly string[]): Promise<void> {
  const all = (await Promise.all(userIds.map((id) => ledgerViolations(ctx, id)))).flat();
  if (all.length) throw new Error(`money invariants broken:\n${all.join('\n')}`);
}

/** Free cash and free shares of one symbol, exactly. */
export async function balances(ctx: AppContext, userId: string, symbol: string) {
  const ledger = await readLedger(ctx, userId);
  const s = ledger.perSymbol.find((x) => x.symbol === symbol);
  return { cash: ledger.freeCashCents, shares: s?.freeShares ?? 0n, reservedShares: s?.reservedShares ?? 0n, reservedCash: ledger.reservedCashCents };
}
