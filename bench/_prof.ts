import { createTestApp, createTestUser, type TestUser } from '../packages/server/test/test-app.ts';
const t = await createTestApp();
const users: TestUser[] = [];
for (let i = 0; i < 20; i += 1) users.push(await createTestUser(t.ctx));
const sent = new Map<TestUser, number>();
const order = async (user: TestUser, usd: number | null) => {
  const n = sent.get(user) ?? 0; sent.set(user, n + 1);
  const buy = usd !== null || n % 2 === 0;
  const r = await t.app.inject({ method: 'POST', url: buy ? '/purchase-asset' : '/sell-asset', headers: user.headers,
    payload: { symbol: 'BTC', walletAddress: user.walletAddress, assetAmount: usd ?? (buy ? 10 : 5), unit: 'USD' } });
  if (r.statusCode !== 200) throw new Error(r.body);
};
for (const u of users) await order(u, 1000);
for (let i = 0; i < 400; i++) await order(users[i % 20]!, null);
const N = Number(process.env.N ?? 4000);
const from = performance.now();
// 10 concurrent streams, as the HTTP load's connections, so group commit forms groups
await Promise.all(Array.from({ length: 10 }, async (_, k) => { for (let i = k; i < N; i += 10) await order(users[i % 20]!, null); }));
console.log('ms/order', ((performance.now() - from) / N).toFixed(3));
await t.close();
