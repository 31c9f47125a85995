import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, buyViaApi, setPrice, type TestUser } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { chartLegendOf, dragLine, lineColour, steadyLineY } from './support/chart-lines.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

/**
 * An order's line on the asset chart is dragged to a new price (PUT /limit-position),
 * the toast's Undo puts the old price back, and a stop dragged to the wrong side of the market
 * goes back with the reason in the toast. A line is found by its pixels (support/chart-lines.ts).
 * BCH and XMR are moved by no other spec; the orders sit well away from the price, so the
 * market's ticks meanwhile fill none of them.
 */

async function openOrder(
  request: APIRequestContext,
  user: TestUser,
  data: Record<string, unknown>,
): Promise<string> {
  const response = await request.post('/open-limit-position', {
    headers: authHeaders(user),
    data: { walletAddress: user.walletAddress, ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { limitPosition: { positionId: string } }).limitPosition
    .positionId;
}

interface OrderRecord {
  positionId: string;
  limitAsk: number;
  stopPrice?: number;
  status: string;
}

async function orderOf(
  request: APIRequestContext,
  user: TestUser,
  id: string,
): Promise<OrderRecord> {
  const response = await request.get('/auth/session', { headers: authHeaders(user) });
  expect(response.status()).toBe(200);
  const { user: record } = (await response.json()) as { user: { limitPositions: OrderRecord[] } };
  const order = record.limitPositions.find((p) => p.positionId === id);
  if (!order) throw new Error(`No order ${id}`);
  return order;
}

const toast = (page: Page) =>
  page.getByRole('alert').filter({ hasText: /moved|back at|not moved/ });

test('a limit buy dragged to a new price, then Undo puts it back', async ({
  page,
  request,
  user,
}) => {
  await setPrice(request, 'bchusd', 500);
  const id = await openOrder(request, user, {
    type: 'PURCHASE',
    symbol: 'BCH',
    limitAsk: 480,
    purchaseAsk: 500,
  });
  await skipOnboarding(page);
  await page.goto('/asset?pair=bchusd');
  const figureName = /^Bitcoin Cash price/;
  const figure = page.getByRole('figure', { name: figureName });
  await expect(figure).toBeVisible();
  await expect(
    chartLegendOf(page, 'BCH').getByText('Buy limit $480.00 · $500.00', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText(
      'Drag an order’s line up or down to change its price, or use Modify under Orders.',
    ),
  ).toBeVisible();

  const colour = await lineColour(page, 'BCH', 'Buy limit');
  const y = await steadyLineY(page, figureName, colour);
  const box = (await figure.boundingBox())!;
  const x = box.x + box.width * 0.4;

  // Over the line the pointer says it can be moved up and down; off it, it does not.
  await page.mouse.move(x, y - 30);
  await expect(figure).not.toHaveCSS('cursor', 'ns-resize');
  await page.mouse.move(x, y + 1);
  await expect(figure).toHaveCSS('cursor', 'ns-resize');

  // Down 25 px (inside the chart's bottom margin, should the limit be its lowest line): the line
  // follows the pointer while it is held; dropped, the order has a lower limit, in cents.
  await dragLine(page, x, y + 1, 25, async () => {
    expect(Math.abs((await steadyLineY(page, figureName, colour)) - (y + 26))).toBeLessThan(3);
  });
  await expect(toast(page)).toContainText(/^Buy limit moved to \$\d{3}\.\d\d/);
  const moved = Number(
    /\$([\d,.]+)/.exec((await toast(page).textContent()) ?? '')![1]!.replace(/,/g, ''),
  );
  expect(moved).toBeLessThan(480);
  expect(moved).toBeGreaterThan(380);
  expect((await orderOf(request, user, id)).limitAsk).toBe(moved);
  const shown = `$${moved.toFixed(2)}`;
  const orders = page.getByRole('list', { name: 'Working BCH orders' });
  await expect(orders.getByRole('listitem').filter({ hasText: 'Buy limit' })).toContainText(shown);
  await expect(
    chartLegendOf(page, 'BCH').getByText(`Buy limit ${shown} · $500.00`, { exact: true }),
  ).toBeVisible();

  await toast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page)).toContainText('Buy limit back at $480.00');
  await expect(orders.getByRole('listitem').filter({ hasText: 'Buy limit' })).toContainText(
    '$480.00',
  );
  expect((await orderOf(request, user, id)).limitAsk).toBe(480);
  await expect(
    chartLegendOf(page, 'BCH').getByText('Buy limit $480.00 · $500.00', { exact: true }),
  ).toBeVisible();
});

test('a sell stop dragged above the market goes back, and the toast says why', async ({
  page,
  request,
  user,
}) => {
  await setPrice(request, 'xmrusd', 200);
  await buyViaApi(request, user, 'XMR', 1_000);
  const id = await openOrder(request, user, {
    type: 'SELL',
    orderType: 'STOP',
    symbol: 'XMR',
    stopPrice: 190,
    sellAsk: 1,
  });
  await skipOnboarding(page);
  await page.goto('/asset?pair=xmrusd');
  const figureName = /^Monero price/;
  const figure = page.getByRole('figure', { name: figureName });
  await expect(
    chartLegendOf(page, 'XMR').getByText('Sell stop $190.00 · 1.0000 XMR', { exact: true }),
  ).toBeVisible();

  const colour = await lineColour(page, 'XMR', 'Sell stop');
  const y = await steadyLineY(page, figureName, colour);
  const box = (await figure.boundingBox())!;
  const x = box.x + box.width * 0.4;
  // To the top of the chart, far above the price of about $200: the line goes there while held.
  await dragLine(page, x, y, box.y + 20 - y, async () => {
    expect(Math.abs((await steadyLineY(page, figureName, colour)) - (box.y + 20))).toBeLessThan(3);
  });
  await expect(toast(page)).toContainText(
    /^Sell stop not moved\. A sell stop must be below the current price of \$[\d.]+: at \$[\d.]+ it would sell at once\./,
  );
  expect((await orderOf(request, user, id)).stopPrice).toBe(190);
  await expect(page.getByRole('list', { name: 'Working XMR orders' })).toContainText('$190.00');
  expect(Math.abs((await steadyLineY(page, figureName, colour)) - y)).toBeLessThan(3);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** A finger's drag from (x, y) by dy, as the touchscreen sends it (CDP: Playwright only taps). */
  async function touchDrag(
    page: Page,
    x: number,
    y: number,
    dy: number,
    held?: () => Promise<void>,
  ) {
    const cdp = await page.context().newCDPSession(page);
    const at = (py: number) => ({ touchPoints: [{ x, y: py }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', ...at(y) });
    for (let i = 1; i <= 8; i += 1)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', ...at(y + (dy * i) / 8) });
    await held?.();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  test('a finger drags a line without scrolling the page; elsewhere it still scrolls', async ({
    page,
    request,
    user,
  }) => {
    await setPrice(request, 'aaveusd', 330);
    const id = await openOrder(request, user, {
      type: 'PURCHASE',
      symbol: 'AAVE',
      limitAsk: 320,
      purchaseAsk: 500,
    });
    await skipOnboarding(page);
    await page.goto('/asset?pair=aaveusd');
    const figureName = /^Aave price/;
    const figure = page.getByRole('figure', { name: figureName });
    await expect(
      chartLegendOf(page, 'AAVE').getByText('Buy limit $320.00 · $500.00', { exact: true }),
    ).toBeVisible();
    await figure.scrollIntoViewIfNeeded();
    const colour = await lineColour(page, 'AAVE', 'Buy limit');
    const y = await steadyLineY(page, figureName, colour);
    const box = (await figure.boundingBox())!;
    const scrolled = await page.evaluate(() => window.scrollY);

    await touchDrag(page, box.x + box.width * 0.4, y + 2, 20, async () => {
      expect(Math.abs((await steadyLineY(page, figureName, colour)) - (y + 20))).toBeLessThan(4);
    });
    await expect(toast(page)).toContainText(/^Buy limit moved to \$\d{3}\.\d\d/);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // The toast sits above the Trade bar (and the navigation under it), not over the Trade button.
    const trade = (await page.getByRole('button', { name: 'Trade', exact: true }).boundingBox())!;
    const shown = (await toast(page).boundingBox())!;
    expect(shown.y + shown.height, 'the toast overlaps the Trade button').toBeLessThanOrEqual(
      trade.y,
    );
    const order = await orderOf(request, user, id);
    expect(order.limitAsk).toBeLessThan(320);
    await expect(page.getByRole('list', { name: 'Working AAVE orders' })).toContainText(
      `$${order.limitAsk.toFixed(2)}`,
    );

    // A finger on the Orders card, off the chart, scrolls the page as before.
    const card = (await page.getByRole('region', { name: 'Orders' }).boundingBox())!;
    await touchDrag(page, card.x + card.width / 2, card.y + 20, -200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled + 50);
  });
});
