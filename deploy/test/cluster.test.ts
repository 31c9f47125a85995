/**
 * Three instances on one throwaway PostgreSQL behind HAProxy, checked through the balancer and
 * instance by instance: sessions, /live across instances, login limits across instances, and
 * kill -9 of the market leader with limit orders waiting (filled once each by whoever ticks).
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../scripts/throwaway-postgres.mjs';
import { startCluster, type Cluster } from '../cluster/cluster.ts';
import { sleep, waitFor, type Instance } from '../cluster/instance.ts';
import { call, PASSWORD, signUp, type Session } from './http-client.ts';

let pg: ThrowawayPostgres | null = null;
let cluster: Cluster;
const output: string[] = [];

beforeAll(async () => {
  pg = startThrowawayPostgres();
  if (!pg) throw new Error('PostgreSQL is missing: apt-get install -y postgresql');
  cluster = await startCluster({
    instances: 3,
    databaseUrl: pg.url,
    port: 0,
    env: {
      MARKET_TICK_MS: '500',
      MARKET_CONTROL: '1',
      MARKET_LEADER_RETRY_MS: '1000',
      MARKET_HISTORY_DAYS: '1',
      LOG_LEVEL: 'warn',
    },
    onLine: (name, line) => {
      output.push(`[${name}] ${line}`);
      if (output.length > 200) output.shift();
    },
  });
});

afterAll(async () => {
  await cluster?.stop();
  pg?.stop();
});

const instance = (n: number): Instance => cluster.instances[n] as Instance;

interface UserRecord {
  id: string;
  balance: number;
  startingBalance: number;
  assets: Record<string, number>;
  limitPositions: { positionId: string; status: string }[];
}

describe('several instances behind HAProxy', () => {
  it('accepts a session made on one instance on every instance', async () => {
    const user = await signUp(cluster.url, 'sess');
    const login = await call<{ token: string }>(instance(1).url, '/auth/login', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    for (const token of [user.token, login.body.token]) {
      for (const base of [cluster.url, ...cluster.instances.map((i) => i.url)]) {
        const res = await call<{ user: { id: string } }>(base, '/auth/session', {
          session: { ...user, token },
        });
        expect(res.status, `${base} with a token`).toBe(200);
        expect(res.body.user.id).toBe(user.userId);
      }
    }
  });

  it('delivers a trade made on one instance to /live sockets held by other instances and through HAProxy', async () => {
    const user = await signUp(cluster.url, 'live');
    const query = `/live?token=${encodeURIComponent(user.token)}`;
    const sockets = [instance(1).url, cluster.url].map(
      (base) => new WebSocket(`${base.replace('http', 'ws')}${query}`),
    );
    try {
      const userMessages = sockets.map(
        (ws) =>
          new Promise<number>((resolve, reject) => {
            ws.on('error', reject);
            ws.on('message', (data) => {
              const message = JSON.parse((data as Buffer).toString('utf8')) as {
                type: string;
                user?: { balance: number };
                patch?: { balance?: number };
              };
              // The trade arrives as its user-patch (docs/api.md, Lean order answers), or as a whole
              // record; a socket may first hear the record as it was: the trade's has less cash.
              const balance =
                message.type === 'user-patch' ? message.patch?.balance : message.user?.balance;
              if (balance !== undefined && balance < 100_000) resolve(balance);
            });
          }),
      );
      await Promise.all(
        sockets.map(
          (ws) => new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject)),
        ),
      );

      const trade = await call(instance(0).url, '/purchase-asset', {
        session: user,
        body: { symbol: 'BTC', walletAddress: user.walletAddress, assetAmount: 100, unit: 'USD' },
      });
      expect(trade.status).toBe(200);
      const timeout = sleep(5_000).then(() =>
        Promise.reject(new Error('no user-patch or user message within 5 s')),
      );
      for (const balance of await Promise.race([Promise.all(userMessages), timeout])) {
        expect(balance).toBe(99_900);
      }
    } finally {
      for (const ws of sockets) ws.terminate();
    }
  });

  it("answers a trader's orders exactly whichever instance each one reaches", async () => {
    // Each instance keeps the money record of the portfolios it served last (docs/decisions/
    // 028-answers-from-the-writes.md): an order on another instance in between must not leave an
    // answer built on the older one.
    const user = await signUp(cluster.url, 'hops');
    const money = ['balance', 'assets', 'openPositions', 'averageCost', 'version'] as const;
    const steps: [number, string, number][] = [
      [0, '/purchase-asset', 100],
      [0, '/purchase-asset', 50],
      [1, '/purchase-asset', 70],
      [0, '/sell-asset', 30],
      [1, '/sell-asset', 20],
      [2, '/purchase-asset', 10],
      [0, '/purchase-asset', 10],
    ];
    for (const [n, route, usd] of steps) {
      const answer = await call<Record<string, unknown>>(instance(n).url, route, {
        session: user,
        body: { symbol: 'BTC', walletAddress: user.walletAddress, assetAmount: usd, unit: 'USD' },
      });
      expect(answer.status).toBe(200);
      const whole = await call<Record<string, unknown>>(instance(2 - n).url, '/user-details', {
        session: user,
        body: { walletAddress: user.walletAddress },
      });
      for (const field of money) expect(answer.body[field], field).toEqual(whole.body[field]);
    }
  });

  it('counts failed logins together whichever instance they reach', async () => {
    const user = await signUp(cluster.url, 'limit');
    const wrong = { email: user.email, password: 'wrong password' };
    const targets = [0, 1, 2, 0, 1].map((n) => instance(n).url);
    for (const base of targets)
      expect((await call(base, '/auth/login', { body: wrong })).status).toBe(401);
    const sixth = await call<{ code: string }>(cluster.url, '/auth/login', { body: wrong });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('RATE_LIMITED');
    // Even the right password waits now, on any instance.
    const right = await call(instance(2).url, '/auth/login', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(right.status).toBe(429);
  });

  it('moves the market to another instance after kill -9 of the leader and fills waiting limit orders once', async () => {
    const btc = async (base: string) => {
      const res = await call<{ id: string; currentPrice: number }[]>(base, '/all-assets');
      return res.body.find((a) => a.id === 'btcusd')?.currentPrice ?? NaN;
    };
    // Far below the market, so the random walk cannot reach it before we move the price there.
    const limitAsk = Math.floor((await btc(cluster.url)) / 2);
    const users: Session[] = [];
    const orders = new Map<string, string[]>();
    for (let u = 0; u < 5; u += 1) {
      const user = await signUp(cluster.url, 'fill');
      users.push(user);
      const opened = await Promise.all(
        Array.from({ length: 10 }, () =>
          call<{ limitPosition: { positionId: string } }>(cluster.url, '/open-limit-position', {
            session: user,
            body: {
              type: 'PURCHASE',
              symbol: 'BTC',
              walletAddress: user.walletAddress,
              limitAsk,
              purchaseAsk: 100,
            },
          }),
        ),
      );
      for (const res of opened) expect(res.status).toBe(201);
      orders.set(
        user.userId,
        opened.map((res) => res.body.limitPosition.positionId),
      );
    }

    let leader: Instance | undefined;
    await waitFor('a market leader', 10_000, async () =>
      Boolean((leader = await cluster.leader())),
    );
    const oldLeader = leader as Instance;
    const survivor = cluster.instances.find((i) => i !== oldLeader) as Instance;
    oldLeader.process.signal('SIGKILL');
    await oldLeader.process.exited;
    const killedAt = Date.now();

    let newLeader: Instance | undefined;
    await waitFor('another instance taking the market lock', 10_000, async () => {
      newLeader = await cluster.leader();
      return newLeader !== undefined && newLeader !== oldLeader;
    });
    // Read through HAProxy, which has to route around the dead instance too.
    const before = await btc(cluster.url);
    await waitFor('prices ticking again', 10_000, async () => (await btc(cluster.url)) !== before);
    const failoverMs = Date.now() - killedAt;
    console.log(
      `failover: ${newLeader?.name} ticks ${failoverMs} ms after kill -9 of ${oldLeader.name}`,
    );
    expect(failoverMs).toBeLessThan(10_000);

    const moved = await call(cluster.url, '/market-control/price', {
      body: { id: 'btcusd', price: Math.floor(limitAsk * 0.9) },
    });
    expect(moved.status).toBe(200);

    const record = async (user: Session) =>
      (
        await call<UserRecord>(survivor.url, '/user-details', {
          session: user,
          body: { walletAddress: user.walletAddress },
        })
      ).body;
    await waitFor('every limit order filled', 15_000, async () => {
      const records = await Promise.all(users.map(record));
      return records.every((r) => r.limitPositions.every((p) => p.status === 'FILLED'));
    });

    for (const user of users) {
      const mine = orders.get(user.userId) as string[];
      const { body: history } = await call<
        { positionId?: string; transactionTotal: number; assetsPurchasedSold: number }[]
      >(cluster.url, '/transactions?type=PURCHASE&limit=100', { session: user });
      const fills = history.filter((t) => t.positionId);
      expect(fills.map((t) => t.positionId).sort()).toEqual([...mine].sort());
      const r = await record(user);
      expect(
        r.limitPositions.filter((p) => mine.includes(p.positionId)).map((p) => p.status),
      ).toEqual(mine.map(() => 'FILLED'));
      const spentCents = history.reduce((sum, t) => sum + Math.round(t.transactionTotal * 100), 0);
      expect(Math.round(r.balance * 100)).toBe(Math.round(r.startingBalance * 100) - spentCents);
      const shares = history.reduce((sum, t) => sum + Math.round(t.assetsPurchasedSold * 1e8), 0);
      expect(Math.round((r.assets.BTC ?? 0) * 1e8)).toBe(shares);
    }
  });
});

process.on('exit', (code) => {
  if (code !== 0) console.log(output.join('\n'));
});
