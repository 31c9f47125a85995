import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { authHeaders, buyViaApi, signUpViaApi } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';
import { visit, watchCsp } from './support/csp-watch.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

// Every page of the web app's router (packages/web/src/app/router.tsx), under the server's CSP.
const SIGNED_OUT = [
  '/',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/reset-password?token=x',
  '/verify-email?token=x',
  '/no-such-page',
];
const SIGNED_IN = [
  '/home',
  '/assets',
  '/asset?pair=btcusd',
  '/explore',
  '/leaderboard',
  '/account',
  '/notifications',
  '/all-transactions',
  '/learn',
  '/learn?lesson=limit-orders',
  '/watchlist',
  '/preview',
  '/icons',
  '/order',
];

test('every signed-out page runs under the CSP without a violation or console error, not even a 401', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const watch = watchCsp(page, { allow401: false });
  const found: string[] = [];
  for (const path of SIGNED_OUT) await visit(page, watch, path, found);
  expect([...watch.problems(), ...found]).toEqual([]);
});

test('every signed-in page runs under the CSP without a violation or console error', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await signUpViaApi(request);
  const other = await signUpViaApi(request);
  await buyViaApi(request, user, 'BTC', 100);
  const listed = await request.get('/transactions', { headers: authHeaders(user) });
  const [first] = (await listed.json()) as { id: string }[];
  await skipOnboarding(page);
  await loginInBrowser(page, user);
  const watch = watchCsp(page);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const found: string[] = [];
  for (const path of [
    ...SIGNED_IN,
    `/transaction?id=${first?.id ?? ''}`,
    `/user?wallet=${other.walletAddress}`,
  ]) {
    await visit(page, watch, path, found);
  }
  // /live is a WebSocket to this origin: connect-src 'self' must let it open (CSP Level 3; a
  // blocked socket would never be requested).
  expect(sockets.some((url) => url.endsWith('/live'))).toBe(true);
  await visit(page, watch, '/logout', found);
  expect([...watch.problems(), ...found]).toEqual([]);
});

test('the API docs (Swagger UI) work under their own policy', async ({ page }) => {
  const watch = watchCsp(page);
  watch.label('/docs');
  await page.goto('/docs');
  await expect(page.getByText('Paper trading API').first()).toBeVisible({ timeout: 30_000 });
  await page.getByText('/all-assets').first().click();
  await page.waitForLoadState('networkidle');
  const events = await page.evaluate(() => window.__cspViolations ?? []);
  expect([...watch.problems(), ...events]).toEqual([]);
});

test('a page on another origin cannot frame /home, even signed in', async ({
  page,
  request,
  baseURL,
}) => {
  // Another port of the same host: same site (the session cookie goes along), other origin.
  const target = `${baseURL}/home`;
  const framer: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(
      `<!doctype html><title>framer</title><iframe id="victim" src="${target}" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = framer.address() as AddressInfo;
    await loginInBrowser(page, await signUpViaApi(request));
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('frame-ancestors')) refused.push(m.text());
    });
    await page.goto(`http://localhost:${port}/`);
    await page.waitForLoadState('load');
    await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // A blocked frame shows Chromium's error page, never the app's document.
    expect(frame?.url() ?? '').not.toBe(target);
    expect(await frame?.locator('#root').count()).toBe(0);
  } finally {
    await new Promise<void>((resolve) => framer.close(() => resolve()));
  }
});
