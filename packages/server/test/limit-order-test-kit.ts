import type { LimitPosition, OpenLimitAnswer, User } from '@papertrade/domain';
import { beforeEach } from 'vitest';
import type { AppContext } from '../src/app-context.ts';
import type { App } from '../src/app.ts';
import { expectStatus, openLimit, post, setPrice, updateUser } from './calls.ts';
import type { TestUser } from './test-app.ts';
import { balances } from './trading-test-kit.ts';
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

/**
 * The stop and bracket tests' starting point, fresh for each test: Ann alone with her 100,000 USD
 * and `symbol` at `price`. Fills at one price (IDEAL), as these tests of the stops' mechanics read
 * them; a stop walking the book under BOOK is stop-walk.test.ts's
 * (docs/decisions/040-partial-fills.md).
 */
export function useStopOrderTest(symbol: string, price: number) {
  const {
    t,
    users: [ann],
  } = useTestApp({ users: 1 });
  beforeEach(() => setPrice(t.app, symbol, price));
  beforeEach(async () => {
    expectStatus(await updateUser(t.app, ann, 'settings', { fill_model: 'IDEAL' }), 200);
  });

  /** An order these tests place to watch it work, so one the server refuses is a failed set-up. */
  async function open(body: Record<string, unknown>): Promise<LimitPosition> {
    const res = await openLimit(t.app, ann, { symbol, ...body });
    expectStatus(res, 201);
    return res.json<OpenAnswer>().limitPosition;
  }

  return {
    t,
    ann,
    open,
    /** A full tick: the trigger's fills are done when it resolves (setPrice). */
    tick: (to: number) => setPrice(t.app, symbol, to),
    modify: (body: Record<string, unknown>) => modifyLimit(t.app, ann, body),
    record: () => userDetails(t.app, ann),
    /** Ann's cash and `symbol` shares, free and reserved. */
    holding: () => balances(t.ctx, ann.id, symbol),
  };
}

/** A working order's row as stored. */
export const orderRow = (ctx: AppContext, id: string) =>
  ctx.db.selectFrom('limit_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The transactions an order filled into. */
export const fillsOf = (ctx: AppContext, id: string) =>
  ctx.db.selectFrom('transactions').selectAll().where('position_id', '=', id).execute();

/** PUT /limit-position as `user`: `body` names the order and what changes. */
export const modifyLimit = (app: App, user: TestUser, body: Record<string, unknown>) =>
  app.inject({
    method: 'PUT',
    url: '/limit-position',
    headers: user.headers,
    payload: { walletAddress: user.walletAddress, ...body },
  });

/**
 * The owner's full record from POST /user-details, where a fill's notification and the orders'
 * fields show. Its status is left unchecked: a wrong answer shows as the record's fields missing.
 */
export const userDetails = async (app: App, user: TestUser): Promise<User> =>
  (await post(app, user, '/user-details', {})).json<User>();
