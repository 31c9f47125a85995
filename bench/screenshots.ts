/**
 * `npm run screenshots`: the README's pictures, taken in Debian's Chromium from the built app on the
 * real server with a fresh account that has made a few trades. Run `npm run build` first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';

const out = path.resolve('docs/screenshots');
const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-shots-'));
const config = loadConfig();
const { app, ctx } = await buildApp({
  config: {
    ...config,
    dataDir,
    databaseUrl: undefined,
    marketTickMs: 0,
    marketHistoryDays: 30,
    logLevel: 'silent',
  },
  logger: false,
});
await ctx.market.start();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;

async function signUp(username: string, accountType?: 'TEACHER' | 'STUDENT') {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/sign-up',
    payload: {
      email: `${username}@example.test`,
      password: 'screenshot-pass',
      username,
      ...(accountType ? { accountType } : {}),
    },
  });
  return res.json<{ token: string; user: { id: string; walletAddress: string } }>();
}

async function buy(token: string, wallet: string, symbol: string, usd: number) {
  await app.inject({
    method: 'POST',
    url: '/purchase-asset',
    headers: { authorization: `Bearer ${token}`, wallet },
    payload: { symbol, walletAddress: wallet, assetAmount: usd, unit: 'USD' },
  });
}

const me = await signUp('ada');
for (const [symbol, usd] of [
  ['BTC', 25_000],
  ['ETH', 15_000],
  ['SOL', 8_000],
  ['DOGE', 2_000],
] as const) {
  await buy(me.token, me.user.walletAddress, symbol, usd);
}
const accounts = new Map([['ada', me]]);
for (const [i, name] of ['grace', 'linus', 'margaret', 'alan'].entries()) {
  const other = await signUp(name);
  accounts.set(name, other);
  await buy(
    other.token,
    other.user.walletAddress,
    ['BTC', 'ETH', 'XRP', 'ADA'][i]!,
    20_000 + i * 9_000,
  );
}
// A class: a teacher, and everyone above trading in it with their class portfolios.
const teacher = await signUp('ms_hopper', 'TEACHER');
await ctx.db
  .updateTable('users')
  .set({ email_verified: 1 })
  .where('id', '=', teacher.user.id)
  .execute();
const klass = (
  await app.inject({
    method: 'POST',
    url: '/contests',
    headers: { authorization: `Bearer ${teacher.token}`, wallet: teacher.user.walletAddress },
    payload: {
      name: 'Economics 101',
      description: 'Two weeks to grow $10,000: diversify, and write down why you trade.',
      kind: 'CLASS',
      visibility: 'PRIVATE',
      startingBalance: 10_000,
      startsAt: Date.now() - 3_600_000,
      endsAt: Date.now() + 13 * 86_400_000,
      allowedSymbols: ['BTC', 'ETH', 'SOL', 'ADA', 'DOGE'],
      lessons: ['paper-trading', 'market-orders'],
    },
  })
).json<{ id: string; joinCode: string }>();
const classWallets = new Map<string, string>();
for (const [i, name] of ['ada', 'grace', 'linus', 'margaret', 'alan'].entries()) {
  const { token, user } = accounts.get(name)!;
  const joined = await app.inject({
    method: 'POST',
    url: '/contests/join',
    headers: { authorization: `Bearer ${token}`, wallet: user.walletAddress },
    payload: { code: klass.joinCode },
  });
  const wallet = joined.json<{ walletAddress: string }>().walletAddress;
  classWallets.set(name, wallet);
  await buy(token, wallet, ['SOL', 'BTC', 'ETH', 'ADA', 'DOGE'][i]!, 2_000 + i * 1_500);
}
await ctx.market.tick();

// The asset page with working orders: an OCO pair on half the SOL held, and a bracket buy
// waiting below the price, so the chart draws the pair's two lines, the entry and its two legs.
const sol = await ctx.db
  .selectFrom('assets')
  .select(['price'])
  .where('symbol', '=', 'SOL')
  .executeTakeFirstOrThrow();
const held = await ctx.db
  .selectFrom('lot_totals')
  .select(['free_shares as shares'])
  .where('portfolio_id', '=', me.user.id)
  .where('symbol', '=', 'SOL')
  .executeTakeFirstOrThrow();
const solAt = (factor: number) => Number(((Number(sol.price) / 1e8) * factor).toFixed(2));
for (const body of [
  {
    type: 'SELL',
    orderType: 'OCO',
    sellAsk: Math.floor(Number(held.shares) / 2) / 1e8,
    takeProfit: { limitAsk: solAt(1.12) },
    stopLoss: { stopPrice: solAt(0.9) },
  },
  {
    type: 'PURCHASE',
    limitAsk: solAt(0.96),
    purchaseAsk: 3_000,
    attached: { takeProfit: { limitAsk: solAt(1.06) }, stopLoss: { stopPrice: solAt(0.92) } },
  },
]) {
  const res = await app.inject({
    method: 'POST',
    url: '/open-limit-position',
    headers: { authorization: `Bearer ${me.token}`, wallet: me.user.walletAddress },
    payload: { walletAddress: me.user.walletAddress, symbol: 'SOL', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`screenshot orders: ${res.statusCode} ${res.body}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
try {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await context.addCookies([{ name: 'session', value: me.token, url: base }]);
    await context.addInitScript(() => localStorage.setItem('onboarding_done', 'true'));
    const page = await context.newPage();
    for (const route of ['home', 'leaderboard', 'learn', 'asset']) {
      if (name === 'mobile' && route !== 'home' && route !== 'asset') continue;
      await page.goto(`${base}/${route === 'asset' ? 'asset?pair=solusd' : route}`, {
        waitUntil: 'networkidle',
      });
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(out, `${route}-${name}.png`) });
    }
    await context.close();

    // The class as a student trading in it (its portfolio active), and as its teacher.
    const student = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await student.addCookies([{ name: 'session', value: me.token, url: base }]);
    const choice = JSON.stringify({ userId: me.user.id, walletAddress: classWallets.get('ada') });
    await student.addInitScript((value) => {
      localStorage.setItem('onboarding_done', 'true');
      localStorage.setItem('active-portfolio', value);
    }, choice);
    const studentPage = await student.newPage();
    await studentPage.goto(`${base}/contests/${klass.id}`, { waitUntil: 'networkidle' });
    await studentPage.waitForTimeout(1_500);
    await studentPage.screenshot({ path: path.join(out, `contest-${name}.png`) });
    await student.close();
    const owner = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await owner.addCookies([{ name: 'session', value: teacher.token, url: base }]);
    await owner.addInitScript(() => localStorage.setItem('onboarding_done', 'true'));
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`${base}/contests/${klass.id}`, { waitUntil: 'networkidle' });
    await ownerPage.waitForTimeout(1_500);
    await ownerPage.getByRole('heading', { name: 'Teacher tools' }).scrollIntoViewIfNeeded();
    await ownerPage.screenshot({ path: path.join(out, `teacher-${name}.png`) });
    await owner.close();
  }
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
