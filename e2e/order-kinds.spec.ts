import type { APIRequestContext } from '@playwright/test';
import { authHeaders, buyViaApi, getUserViaApi, type TestUser } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

// Every order kind goes by its own name on every page, and a holding reads the same on /home and
// /portfolio. BTC is moved by no spec: the stops sit far below its price, so they keep working.

async function openOrder(
  request: APIRequestContext,
  user: TestUser,
  data: Record<string, unknown>,
) {
  const response = await request.post('/open-limit-position', {
    headers: authHeaders(user),
    data: { walletAddress: user.walletAddress, ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('stops and trailing stops are named as such on /home, /all-transactions and /order', async ({
  page,
  request,
  user,
}) => {
  await skipOnboarding(page);
  await buyViaApi(request, user, 'BTC', 1_000);
  await openOrder(request, user, {
    type: 'SELL',
    orderType: 'STOP',
    symbol: 'BTC',
    stopPrice: 1_000,
    sellAsk: 0.001,
  });
  await openOrder(request, user, {
    type: 'SELL',
    orderType: 'TRAILING_STOP',
    symbol: 'BTC',
    trailPercent: 40,
    sellAsk: 0.001,
  });

  await page.goto('/home');
  const recent = page.getByRole('list', { name: 'Recent activity' });
  await expect(recent.getByText(/^Stop sell BTC · stop \$1,000\.00 · Working$/)).toBeVisible();
  await expect(
    recent.getByText(/^Trailing stop sell BTC · trail 40% · stop \$[\d,.]+ · Working$/),
  ).toBeVisible();
  await expect(recent).not.toContainText(/Limit sell/);

  await page.goto('/all-transactions');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(
    table.getByRole('row', { name: /^Stop sell BTC.* Stop Working .*stop \$1,000\.00/ }),
  ).toBeVisible();
  await expect(
    table.getByRole('row', { name: /^Trailing stop sell BTC.* Trailing stop Working .*trail 40%/ }),
  ).toBeVisible();
  await expect(table.getByRole('row', { name: /^Bought BTC.* Market Filled/ })).toBeVisible();
  await expect(table).not.toContainText(/Limit sell|limit \$/);

  await page.goto('/order');
  const working = page.getByRole('table', { name: 'Working orders' });
  await expect(working.getByRole('columnheader', { name: 'Stop price' })).toBeVisible();
  await expect(working.getByRole('columnheader', { name: 'Trail' })).toBeVisible();
  await expect(working.getByRole('columnheader', { name: 'Limit price' })).toHaveCount(0);
  await expect(working.getByRole('row', { name: /BTC Stop Sell \$1,000\.00/ })).toBeVisible();
  await expect(
    working.getByRole('row', { name: /BTC Trailing stop Sell \$[\d,.]+ 40%/ }),
  ).toBeVisible();
});

test('a holding reads the same on /home and /portfolio, with what orders reserve', async ({
  page,
  request,
  user,
}) => {
  await skipOnboarding(page);
  await buyViaApi(request, user, 'BTC', 2_000);
  const held = (await getUserViaApi(request, user)).assets.BTC ?? 0;
  const reserved = 0.01;
  await openOrder(request, user, {
    type: 'SELL',
    symbol: 'BTC',
    limitAsk: 1_000_000,
    sellAsk: reserved,
  });

  await page.goto('/home');
  const holdings = page.getByRole('table', { name: 'Holdings' });
  const homeRow = holdings.getByRole('row', { name: /Bitcoin/ });
  await expect(homeRow).toContainText('0.0100 reserved by 1 order');
  const homeShares = (await homeRow.getByRole('cell').nth(1).innerText()).split('\n')[0]!.trim();
  // Every share held, the reserved ones too.
  expect(Number(homeShares.replace(/,/g, ''))).toBeCloseTo(held, 8);

  await page.goto('/portfolio');
  const positions = page.getByRole('table', { name: 'Positions' });
  const row = positions.getByRole('row', { name: /^BTC/ });
  await expect(row).toContainText('0.0100 reserved by 1 order');
  const shares = (await row.getByRole('cell').nth(1).innerText()).split('\n')[0]!.trim();
  expect(shares).toBe(homeShares);
});
