import { test as base } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { authHeaders, buyViaApi, signUpViaApi } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { severeAxeDetails } from './support/axe.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

test('following a user gives them a NEW_FOLLOWER notification', async ({
  page,
  browser,
  request,
  user,
}) => {
  await skipOnboarding(page);
  const other = await signUpViaApi(request);
  await page.goto(`/user?wallet=${other.walletAddress}`);
  await expect(page.getByRole('heading', { level: 2, name: other.username })).toBeVisible();
  await page.getByRole('button', { name: `Follow ${other.username}` }).click();
  await expect(page.getByRole('button', { name: `Unfollow ${other.username}` })).toBeVisible();
  await expect(page.getByText('Followers').locator('..')).toContainText('1');

  const context = await browser.newContext();
  const theirs = await context.newPage();
  await loginInBrowser(theirs, other);
  await theirs.goto('/notifications');
  await expect(
    theirs
      .getByRole('list', { name: 'Notifications' })
      .getByText(`${user.username} started following you`),
  ).toBeVisible();
  await context.close();
});

test('the leaderboard ranks by return per period, and an account reset this week has no rank on the week board', async ({
  page,
  request,
  user,
}) => {
  await skipOnboarding(page);
  await page.goto('/leaderboard');
  const mine = page.getByRole('table', { name: 'Your rank' });
  await expect(mine.getByText('(you)')).toBeVisible();
  await expect(mine.getByRole('cell', { name: /^#\d+$/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Leaderboard' })).toBeVisible();

  const reset = await request.post('/reset-user', {
    headers: authHeaders(user),
    data: { walletAddress: user.walletAddress, startingBalance: 1_000_000 },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page).toHaveURL(/period=week/);
  await expect(page.getByText('Ranked by return over the last 7 days.')).toBeVisible();
  // Reset inside the week: listed, not ranked (the board is recomputed every few seconds).
  await expect(async () => {
    await page.reload();
    await expect(mine.getByText('Reset')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page).not.toHaveURL(/period=/);
  await expect(mine.getByRole('cell', { name: /^#\d+$/ })).toBeVisible();
});

test('history reads in words (Bought BTC, Limit buy ETH) with how each filled, on /home and /all-transactions', async ({
  page,
  request,
  user,
}) => {
  await skipOnboarding(page);
  await buyViaApi(request, user, 'BTC', 250);
  const opened = await request.post('/open-limit-position', {
    headers: authHeaders(user),
    data: {
      type: 'PURCHASE',
      symbol: 'ETH',
      limitAsk: 1,
      purchaseAsk: 100,
      walletAddress: user.walletAddress,
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);

  await page.goto('/home');
  const recent = page.getByRole('list', { name: 'Recent activity' });
  await expect(recent.getByRole('link', { name: 'Bought BTC · $250.00' })).toBeVisible();
  await expect(recent.getByText(/Limit buy ETH · limit \$1\.00/)).toBeVisible();
  await expect(recent).not.toContainText(/PURCHASE|SELL|WORKING/);

  await page.goto('/all-transactions');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('columnheader', { name: 'Method' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Bought BTC.*Market/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Limit buy ETH.*Working/ })).toBeVisible();
  await expect(table).not.toContainText(/PURCHASE|SELL|WORKING/);
  // Links are underlined on hover only, not whole lines of underlined text.
  const link = table.getByRole('link', { name: 'Bought BTC' });
  expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
});

test('CSV export downloads a file whose rows match the transactions', async ({
  page,
  request,
  user,
}) => {
  await skipOnboarding(page);
  await buyViaApi(request, user, 'BTC', 100);
  await buyViaApi(request, user, 'ETH', 50);
  await page.goto('/all-transactions');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('link')).toHaveCount(2);
  const ids = await table
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('id')),
    );
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toBe('id,timestamp,type,method,symbol,shares,price,total,fee,archived,note');
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(ids);
  expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(['ETH', 'BTC']);
});

test('transactions filter by asset', async ({ page, request, user }) => {
  await skipOnboarding(page);
  await buyViaApi(request, user, 'BTC', 100);
  await buyViaApi(request, user, 'ETH', 50);
  await page.goto('/all-transactions');
  await page.getByLabel('Asset', { exact: true }).selectOption('ETH');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('link')).toHaveCount(1);
  await expect(table.getByRole('link')).toContainText('ETH');
});

test('the balance chart switches between 1D, 7D, 30D and Max', async ({ page, request, user }) => {
  // A new account shows a message instead of a chart until its first trade (e2e/charts.spec.ts).
  await buyViaApi(request, user, 'BTC', 100);
  await skipOnboarding(page);
  await page.goto('/home');
  const group = page.getByRole('group', { name: 'Balance range' });
  for (const [label, days, name] of [
    ['1D', '1', 'last day'],
    ['30D', '30', 'last 30 days'],
    ['Max', 'max', 'all time'],
    ['7D', '7', 'last 7 days'],
  ] as const) {
    const answer = page.waitForResponse((r) => r.url().includes(`/balance-history?days=${days}`));
    await group.getByRole('button', { name: label }).click();
    expect((await answer).status()).toBe(200);
    await expect(group.getByRole('button', { name: label })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('figure', { name: `Total balance, ${name}` })).toBeVisible();
  }
});

test('a lesson marked read stays read after a reload', async ({ page, user }) => {
  expect(user.walletAddress).toBeTruthy();
  await skipOnboarding(page);
  await page.goto('/learn');
  await page.getByRole('link', { name: /Market orders/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Market orders' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await page.goto('/learn');
  // However many lessons there are, exactly one of them is read.
  await expect(page.getByText(/^1 of \d+ lessons read$/)).toBeVisible();
});

test('the star adds an asset to the watchlist and the watchlist offers Buy', async ({
  page,
  user,
}) => {
  expect(user.walletAddress).toBeTruthy();
  await skipOnboarding(page);
  await page.goto('/watchlist');
  await expect(page.getByText('Your watchlist is empty')).toBeVisible();
  await page.goto('/asset?pair=ethusd');
  await page.getByRole('button', { name: 'Add ETH to watchlist' }).click();
  await expect(page.getByRole('button', { name: 'Remove ETH from watchlist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto('/watchlist');
  await page
    .getByRole('list', { name: 'Watchlist' })
    .getByRole('button', { name: 'Buy ETH' })
    .click();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Buy Ethereum' }),
  ).toBeVisible();
});

test('/assets filters by name or symbol and sorts by price or day change, kept in the URL', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/assets');
  const table = page.getByRole('table', { name: 'Assets' });
  // The rows are re-rendered after the sort and after the reload: polled, not read once.
  const firstSymbol = async () =>
    (await table.locator('tbody tr').allInnerTexts()).map(
      (t) => (/\b([A-Z0-9]{2,6})\b/.exec(t) ?? [])[1],
    )[0];
  await page.getByRole('textbox', { name: 'Filter assets' }).fill('ripple');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText('XRP');
  await expect(page).toHaveURL(/q=ripple/);
  await page.getByRole('textbox', { name: 'Filter assets' }).fill('zzz');
  await expect(page.getByText('No assets match “zzz”.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter assets' }).fill('');

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Price (high to low)' }).click();
  await expect(page).toHaveURL(/sort=priceDesc/);
  await expect.poll(firstSymbol).toBe('BTC');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Price (high to low)');
  await expect.poll(firstSymbol).toBe('BTC');
});

test('onboarding shows once and can be skipped', async ({ page, user }) => {
  expect(user.walletAddress).toBeTruthy();
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Welcome to paper trading' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip introduction' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to paper trading' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to paper trading' })).toHaveCount(0);
});

test('onboarding ends with Start trading, which opens the asset list to pick a first asset', async ({
  page,
  user,
}) => {
  expect(user.walletAddress).toBeTruthy();
  await page.goto('/home');
  for (let i = 0; i < 2; i += 1) await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Start trading' }).click();
  await expect(page).toHaveURL(/\/assets$/);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to paper trading' })).toHaveCount(0);
});

const screens = [
  { path: '/home', ready: 'Balance history' },
  { path: '/explore', ready: 'Most traded this week' },
  { path: '/leaderboard', ready: 'Rank' },
  { path: '/account', ready: 'Profile' },
  { path: '/learn', ready: 'Your progress' },
  { path: '/learn?lesson=limit-orders', ready: 'Limit orders and when they fill' },
  { path: '/watchlist', ready: 'Your watchlist is empty' },
  { path: '/all-transactions', ready: 'No transactions yet.' },
  { path: '/preview', ready: 'Total balance' },
  { path: 'other-user', ready: 'Followers' },
];

for (const mode of ['light', 'dark'] as const) {
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    for (const screen of screens) {
      base(
        `${screen.path} in ${mode} mode at ${size.width}px has no serious axe violation`,
        async ({ page, request }) => {
          await page.setViewportSize(size);
          await page.addInitScript((stored) => localStorage.setItem('theme_mode', stored), mode);
          const me = await signUpViaApi(request);
          await loginInBrowser(page, me);
          let path = screen.path;
          if (path === 'other-user')
            path = `/user?wallet=${(await signUpViaApi(request)).walletAddress}`;
          await page.goto(path);
          // Generous: the two-core test machine runs two browsers and the server at once.
          await expect(page.getByText(screen.ready, { exact: true }).first()).toBeVisible({
            timeout: 30_000,
          });
          await page.waitForLoadState('networkidle');
          expect(await severeAxeDetails(page)).toEqual([]);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, 'no horizontal page scroll').toBeLessThanOrEqual(0);
        },
      );
    }
  }
}
