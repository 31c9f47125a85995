/**
 * The order load shared by bench:orders and bench:cluster: USERS users signed up over HTTP, each
 * with 1,000 USD of BTC to sell, then autocannon with one connection per user alternating a
 * 10 USD buy and a 5 USD sell of BTC for DURATION_S seconds.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { call, signUp, type Session } from '../deploy/test/http-client.ts';

export const USERS = 50;
export const CONNECTIONS = 50;
export const DURATION_S = 10;

export async function makeUsers(base: string): Promise<Session[]> {
  const users: Session[] = [];
  // Ten at a time: sign-up hashes a password (scrypt), which is what the server would be doing.
  for (let i = 0; i < USERS; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, USERS - i) }, async () => {
        const user = await signUp(base, 'bench');
        // Something to sell from the first request on.
        const buy = await call(base, '/purchase-asset', {
          session: user,
          body: {
            symbol: 'BTC',
            walletAddress: user.walletAddress,
            assetAmount: 1_000,
            unit: 'USD',
          },
        });
        if (buy.status !== 200) throw new Error(`set-up buy answered ${buy.status}`);
        return user;
      }),
    );
    users.push(...batch);
  }
  return users;
}

/** The headers and body of one user's order of `usd` dollars of BTC (no user: the same bytes' shape, no session). */
export function orderRequest(
  user: Session | null,
  usd: number,
): { headers: Record<string, string>; body: string } {
  const walletAddress = user?.walletAddress ?? `0x${'0'.repeat(40)}`;
  return {
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${user?.token ?? 'none'}`,
      wallet: walletAddress,
    },
    body: JSON.stringify({ symbol: 'BTC', walletAddress, assetAmount: usd, unit: 'USD' }),
  };
}

export function runOrderLoad(url: string, users: Session[]): Promise<autocannon.Result> {
  // autocannon gives each pass over `requests` a fresh context, so a user chosen per context would
  // move between connections and two connections could trade for one user at once. Each pass takes
  // a user no other connection holds and gives it back with the sell's answer: one user per
  // connection at any moment, as a trader or a bot places one order after another.
  const free = [...users];
  let spare = 0;
  const order = (route: string, usd: number, last: boolean): autocannon.Request => ({
    method: 'POST',
    path: route,
    setupRequest: (request, context) => {
      const ctxUser = context as { user?: Session };
      // None free only when a sale's answer never came (a dropped connection): share one then.
      const user = (ctxUser.user ??= free.shift() ?? (users[spare++ % users.length] as Session));
      return { ...request, ...orderRequest(user, usd) };
    },
    ...(last && {
      onResponse: (_status: number, _body: string, context: object) => {
        const { user } = context as { user?: Session };
        if (user) free.push(user);
      },
    }),
  });
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [order('/purchase-asset', 10, false), order('/sell-asset', 5, true)],
  });
}

/** One line per measure: throughput, p99, counts and the machine's load when it ended. */
export function describeResult(result: autocannon.Result): string {
  return (
    `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, p50 ${result.latency.p50} ms ` +
    `(${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors; load ${loadavg()[0]?.toFixed(1)})`
  );
}
