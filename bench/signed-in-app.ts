/**
 * The built app on the real server (a free port, a throwaway SQLite directory) with one signed-in
 * user who has traded a little, so /home shows holdings, activity and a balance line. Shared by the
 * first-screen benches (home-lcp.ts, lighthouse.ts); needs `npm run build` first.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags that work on the shared development machine (no sandbox, no GPU, no phoning home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface SignedInApp {
  base: string;
  /** The session cookie's value for the signed-in user. */
  token: string;
  close: () => Promise<void>;
}

export async function startSignedInApp(name: string): Promise<SignedInApp> {
  const config = loadConfig();
  if (!existsSync(path.join(config.webDist, 'index.html'))) {
    throw new Error('No built web app: run `npm run build` first.');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `papertrade-bench-${name}-`));
  const { app, ctx } = await buildApp({
    // No ticks: the page's work is what is measured, not the market's.
    config: {
      ...config,
      dataDir,
      databaseUrl: undefined,
      marketTickMs: 0,
      marketHistoryDays: 7,
      logLevel: 'warn',
    },
    logger: false,
  });
  await ctx.market.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;

  const signUp = await app.inject({
    method: 'POST',
    url: '/auth/sign-up',
    payload: {
      email: `${name}@example.test`,
      password: `${name}-password`,
      username: `${name}_user`,
    },
  });
  const { token, user } = signUp.json<{ token: string; user: { walletAddress: string } }>();
  for (const [symbol, usd] of [
    ['BTC', 25_000],
    ['ETH', 15_000],
    ['SOL', 8_000],
  ] as const) {
    await app.inject({
      method: 'POST',
      url: '/purchase-asset',
      headers: { authorization: `Bearer ${token}`, wallet: user.walletAddress },
      payload: { symbol, walletAddress: user.walletAddress, assetAmount: usd, unit: 'USD' },
    });
  }
  await ctx.market.tick();

  return {
    base,
    token,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
