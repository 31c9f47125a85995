import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, buyViaApi, setPrice, type TestUser } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The asset page shows the user's working orders: lines on the chart (read through the legend,
 * since the canvas's text is not in the page), the Orders card with Modify and Cancel, and the
 * holding card's free and reserved shares. Each test trades its own asset (AVAX, DOGE: no other
 * spec moves them, support/api.ts PRICE_MOVERS) at a price it sets; the orders sit far from it,
 * so the market's ticks meanwhile fill neither.
 */
async function openLimit(
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

/** About 10 shares bought at 100, then a limit buy at 80 for $500 and a limit sell of 4 at 150. */
async function holdingWithTwoOrders(request: APIRequestContext, user: TestUser, symbol: string) {
  await setPrice(request, `${symbol.toLowerCase()}usd`, 100);
  await buyViaApi(request, user, symbol, 1000);
  await openLimit(request, user, { type: 'PURCHASE', symbol, limitAsk: 80, purchaseAsk: 500 });
  await openLimit(request, user, { type: 'SELL', symbol, limitAsk: 150, sellAsk: 4 });
}

const legendOf = (page: Page, symbol: string) =>
  page.getByRole('list', { name: `Your ${symbol} orders on the chart` });
const ordersOf = (page: Page, symbol: string) =>
  page.getByRole('list', { name: `Working ${symbol} orders` });

async function expectBothOrders(page: Page, symbol: string) {
  const legend = legendOf(page, symbol);
  await expect(legend.getByText('Buy limit $80.00 · $500.00', { exact: true })).toBeVisible();
  await expect(
    legend.getByText(`Sell limit $150.00 · 4.0000 ${symbol}`, { exact: true }),
  ).toBeVisible();
  await expect(legend.getByText(/^Avg cost \$\d+\.\d\d$/)).toBeVisible();
  await expect(legend.getByText('1 recent fill marked')).toBeVisible();

  const orders = ordersOf(page, symbol);
  await expect(orders.getByRole('listitem')).toHaveCount(2);
  const buy = orders.getByRole('listitem').filter({ hasText: 'Buy limit' });
  await expect(buy).toContainText('$80.00');
  await expect(buy).toContainText(`≈ 6.2500 ${symbol}`);
  await expect(buy).toContainText('$500.00');
  const sell = orders.getByRole('listitem').filter({ hasText: 'Sell limit' });
  await expect(sell).toContainText('$150.00');
  await expect(sell).toContainText(`4.0000 ${symbol}`);

  const holding = page.getByRole('region', { name: 'Your holding' });
  await expect(holding).toContainText(/\d+\.\d{4,8} free, 4\.0000 reserved by 1 order/);
}

test('desktop: both orders on the chart, in the Orders card and in the holding split; cancel one', async ({
  page,
  request,
  user,
}) => {
  await holdingWithTwoOrders(request, user, 'AVAX');
  await page.goto('/asset?pair=avaxusd');
  await expect(page.getByRole('figure', { name: /^Avalanche price/ })).toBeVisible();
  await expectBothOrders(page, 'AVAX');

  await page.getByRole('button', { name: 'Cancel buy limit AVAX at $80.00' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(confirm).toContainText('the reserved $500.00 is released');
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Order cancelled: $500.00 released' }),
  ).toBeVisible();

  await expect(ordersOf(page, 'AVAX').getByRole('listitem')).toHaveCount(1);
  await expect(legendOf(page, 'AVAX').getByText('Buy limit', { exact: false })).toHaveCount(0);
  await expect(legendOf(page, 'AVAX').getByText('Sell limit $150.00 · 4.0000 AVAX')).toBeVisible();
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Orders card fits, Modify changes the sell by keyboard, Cancel releases the shares', async ({
    page,
    request,
    user,
  }) => {
    await holdingWithTwoOrders(request, user, 'DOGE');
    await page.goto('/asset?pair=dogeusd');
    await expectBothOrders(page, 'DOGE');
    const card = page.getByRole('region', { name: 'Orders' });
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeInViewport();
    // Nothing on the page scrolls sideways at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // Modify by keyboard: the alternative to moving a line on the chart.
    const modify = card.getByRole('button', { name: 'Modify sell limit DOGE at $150.00' });
    await modify.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Modify sell limit DOGE' });
    await expect(dialog.getByRole('textbox', { name: 'Limit price' })).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('160');
    await dialog.getByRole('textbox', { name: 'Shares to sell' }).fill('3');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      legendOf(page, 'DOGE').getByText('Sell limit $160.00 · 3.0000 DOGE', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your holding' })).toContainText(
      '3.0000 reserved by 1 order',
    );

    await card.getByRole('button', { name: 'Cancel sell limit DOGE at $160.00' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this order?' })
      .getByRole('button', { name: 'Cancel order' })
      .click();
    await expect(ordersOf(page, 'DOGE').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Your holding' })).not.toContainText('reserved');
  });
});
