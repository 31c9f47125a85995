/**
 * `npm run bench:bundle`: the gzipped JavaScript a browser really downloads for the landing page,
 * and for /home after login, measured in Debian's Chromium against the built app served by the
 * real server (targets: at most 150 KB and 350 KB). Run `npm run build` first.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function scriptsLoaded(page: Page, url: string): Promise<{ files: number; gzipBytes: number }> {
  const bodies: Promise<number>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('javascript')) {
      bodies.push(response.body().then((b) => gzipSync(b).length));
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const sizes = await Promise.all(bodies);
  return { files: sizes.length, gzipBytes: sizes.reduce((a, b) => a + b, 0) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const config = loadConfig();
if (!existsSync(path.join(config.webDist, 'index.html'))) {
  console.error('No built web app: run `npm run build` first.');
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-bench-bundle-'));
const { app, ctx } = await buildApp({
  config: { ...config, dataDir, databaseUrl: undefined, marketTickMs: 0, marketHistoryDays: 1, logLevel: 'warn' },
  logger: false,
});
await ctx.market.start();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const landing = await scriptsLoaded(await browser.newPage(), `${base}/`);

  const signUp = await app.inject({
    method: 'POST',
    url: '/auth/sign-up',
    payload: { email: 'bundle@example.test', password: 'bundle-password', username: 'bundle_user' },
  });
  const { token } = signUp.json<{ token: string }>();
  const context = await browser.newContext();
  await context.addCookies([{ name: 'session', value: token, url: base }]);
  const home = await scriptsLoaded(await context.newPage(), `${base}/home`);

  console.log(`bundle: landing page loads ${kb(landing.gzipBytes)} of gzipped JavaScript in ${landing.files} files (target <= 150 KB)`);
  console.log(`bundle: /home after login loads ${kb(home.gzipBytes)} of gzipped JavaScript in ${home.files} files (target <= 350 KB)`);
  if (landing.gzipBytes > 150 * 1024 || home.gzipBytes > 350 * 1024) process.exitCode = 1;
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
