import type { APIRequestContext, Page } from '@playwright/test';
import { formatPrice } from '@papertrade/domain';
import { authHeaders, buyViaApi, setPrice, type TestUser } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Two buys and a partial sale at a price moved up by market control, then /portfolio as a user reads it.
 * Each test trades its own assets (support/api.ts, PRICE_MOVERS): the market ticks every second
 * and tests run side by side.
 */
async function tradeTwoAssets(
  request: APIRequestContext,
  user: TestUser,
  sold: string,
  kept: string,
): Promise<number> {
  await setPrice(request, `${sold.toLowerCase()}usd`, 10);
  const after = await buyViaApi(request, user, sold, 1000);
  await buyViaApi(request, user, kept, 500);
  // Doubled: the sale gains about $250 whatever the next ticks do to a price of 20.
  await setPrice(request, `${sold.toLowerCase()}usd`, 20);
  // About 100 shares were bought (the price may have ticked since it was set): sell a quarter.
  expect(after.assets[sold]).toBeGreaterThan(90);
  const shares = 25;
  const response = await request.post('/sell-asset', {
    headers: authHeaders(user),
    data: { symbol: sold, walletAddress: user.walletAddress, assetAmount: shares, unit: 'SYMBOL' },
  });
  expect(response.status(), await response.text()).toBe(200);
  // The market's own tick may come between the price set and the sale: about 20, not exactly.
  const salePrice = ((await response.json()) as { transaction: { purchaseSellAsk: number } })
    .transaction.purchaseSellAsk;
  expect(salePrice).toBeCloseTo(20, 1);
  return salePrice;
}

async function expectInsight(page: Page, sold: string, kept: string, salePrice: number) {
  await expect(page.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible();
  const allocation = page.getByRole('list', { name: 'Allocation' });
  await expect(allocation.getByRole('listitem')).toHaveCount(3);
  await expect(allocation).toContainText('Cash');
  await expect(allocation).toContainText(sold);
  await expect(allocation).toContainText(kept);
  await expect(page.getByRole('img', { name: /^Allocation: Cash \d/ })).toBeVisible();

  const positions = page.getByRole('table', { name: 'Positions' });
  await expect(positions.getByRole('row', { name: new RegExp(`^${sold}`) })).toContainText(
    /\+\$2\d\d\.\d\d/,
  );
  await expect(positions.getByRole('row', { name: new RegExp(`^${kept}`) })).toBeVisible();
  await expect(page.getByText('Unrealised P&L')).toBeVisible();
  await expect(page.getByText('Realised P&L', { exact: true })).toBeVisible();

  const best = page.getByRole('list', { name: 'Best trades' });
  const atPrice = `at $${formatPrice(salePrice)}`.replace(/[$.]/g, '\\$&');
  await expect(
    best.getByRole('link', { name: new RegExp(`^Sold .* ${sold} ${atPrice}`) }),
  ).toBeVisible();
  await expect(best).toContainText(/\+\$2\d\d\.\d\d/);
  await expect(page.getByText('No sale with a loss yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Return against holding Bitcoin' })).toContainText(
    /points (ahead of|behind) holding BTC|Level with holding BTC/,
  );
}

async function expectAssetFacts(page: Page, pair: string, name: string) {
  await page.goto(`/asset?pair=${pair}`);
  const facts = page.getByRole('region', { name: `About ${name}` });
  await expect(facts).toContainText(/24 h range\$[\d,.]+ – \$[\d,.]+/);
  await expect(facts).toContainText(/24 h volume on PaperTrade\$[\d,.]+ \(\d+ trades?\)/);
  await expect(facts).toContainText(name);
}

test('a new account sees an explanation instead of a donut', async ({ page, user }) => {
  expect(user.walletAddress).toBeTruthy(); // signed in as a brand-new account
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: 'No trades yet' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Allocation/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Browse assets' })).toBeVisible();
});

test('desktop: from the sidebar to allocation, P&L and best trade; the asset page has its range, volume and About', async ({
  page,
  request,
  user,
}) => {
  const salePrice = await tradeTwoAssets(request, user, 'ATOM', 'FIL');
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Portfolio' })
    .click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expectInsight(page, 'ATOM', 'FIL', salePrice);
  await expectAssetFacts(page, 'atomusd', 'Cosmos');
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('from the /home card by keyboard; nothing scrolls sideways; the asset page facts', async ({
    page,
    request,
    user,
  }) => {
    const salePrice = await tradeTwoAssets(request, user, 'XLM', 'UNI');
    await page.goto('/home');
    const card = page.getByRole('region', { name: 'Portfolio insight' });
    await expect(card).toContainText('Unrealised P&L');
    const link = card.getByRole('link', { name: 'See your portfolio' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/portfolio$/);
    await expectInsight(page, 'XLM', 'UNI', salePrice);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAssetFacts(page, 'xlmusd', 'Stellar');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
