import { authHeaders, buyViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

/**
 * Charts as pages come and go: leaving the asset page (whose chart carries order lines and fill
 * markers) for another page, and a new account's balance chart. BTC is bought and never moved
 * here (support/api.ts, PRICE_MOVERS); the limit order sits far below its price, so it stays.
 */

test('leaving the asset page for /notifications logs no page error', async ({
  page,
  request,
  user,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await buyViaApi(request, user, 'BTC', 1000);
  const limit = await request.post('/open-limit-position', {
    headers: authHeaders(user),
    data: {
      walletAddress: user.walletAddress,
      type: 'PURCHASE',
      symbol: 'BTC',
      limitAsk: 1000,
      purchaseAsk: 100,
    },
  });
  expect(limit.status(), await limit.text()).toBe(201);
  await skipOnboarding(page);
  await page.goto('/asset?pair=btcusd');
  await expect(page.getByRole('figure', { name: 'Bitcoin price, 1h candles' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your BTC orders on the chart' })).toBeVisible();

  // Through the app's own links, so the chart is unmounted rather than the document thrown away.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: /^Notifications/ }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  // And back, and away again: each visit draws and removes the chart once more.
  await page.goBack();
  await expect(page.getByRole('figure', { name: 'Bitcoin price, 1h candles' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test("a new account's balance chart says where its history starts", async ({
  page,
  request,
  user,
}) => {
  await skipOnboarding(page);
  await buyViaApi(request, user, 'BTC', 500);
  await page.goto('/home');
  const card = page.getByRole('region', { name: 'Balance history' });
  await expect(card.getByRole('figure', { name: 'Total balance, last 7 days' })).toBeVisible();
  await expect(card.getByText(/^History starts .+, when you opened the account\.$/)).toBeVisible();
  // A range that begins after the account opened would not: Max always starts at the start.
  await card
    .getByRole('group', { name: 'Balance range' })
    .getByRole('button', { name: 'Max' })
    .click();
  await expect(card.getByRole('figure', { name: 'Total balance, all time' })).toBeVisible();
  await expect(card.getByText(/^History starts /)).toBeVisible();
});
