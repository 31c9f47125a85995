import type { OpenLimitAnswer } from '@papertrade/domain';
import { beforeEach } from 'vitest';
import type { AppContext } from '../src/app-context.ts';
import { openLimit, setPrice } from './calls.ts';
import type { TestUser } from './test-app.ts';
import { useTestApp } from './use-test-app.ts';

/** The answer to POST /open-limit-position: the user record and the new order. */
export type OpenAnswer = OpenLimitAnswer;

/**
 * The limit order tests' starting point, fresh for each test: Ann and Bob signed in with their
 * 100,000 USD, BTC at 50,000, and BTC orders whose default limits are 10,000 away from it.
 */
export function useLimitOrderTest() {
  const {
    t,
    users: [ann, bob],
  } = useTestApp({ users: 2 });
  beforeEach(() => setPrice(t.app, 'BTC', 50_000));
  const openPurchase = (user: TestUser, purchaseAsk: number, limitAsk = 40_000) =>
    openLimit(t.app, user, { type: 'PURCHASE', symbol: 'BTC', limitAsk, purchaseAsk });
  const openSell = (user: TestUser, sellAsk: number, limitAsk = 60_000) =>
    openLimit(t.app, user, { type: 'SELL', symbol: 'BTC', limitAsk, sellAsk });
  return { t, ann, bob, openPurchase, openSell };
}

/** A working order's row as stored. */
export const orderRow = (ctx: AppContext, id: string) =>
  ctx.db.selectFrom('limit_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The transactions an order filled into. */
export const fillsOf = (ctx: AppContext, id: string) =>
  ctx.db.selectFrom('transactions').selectAll().where('position_id', '=', id).execute();
