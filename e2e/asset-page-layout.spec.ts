import type { Locator } from '@playwright/test';
import { buyViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

// Reads prices only: moves none (support/api.ts, PRICE_MOVERS).

type Box = { x: number; y: number; width: number; height: number };
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${String(locator)}`);
  return box;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the asset header keeps "today" on one line with the day change, clear of the alert bell', async ({
      page,
      user,
    }) => {
      void user;
      await page.goto('/asset?pair=btcusd');
      const priceRow = page.locator('main [data-price]').first();
      const today = priceRow.getByText('today', { exact: true });
      const change = priceRow.getByText(/%$/);
      const bell = page.getByRole('button', { name: 'Set a price alert for BTC' });
      const [todayBox, changeBox, bellBox] = [
        await boxOf(today),
        await boxOf(change),
        await boxOf(bell),
      ];
      // One line: "today" is no taller than a line of its text, and sits on the change's line.
      const lineHeight = await today.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(todayBox.height).toBeLessThanOrEqual(lineHeight + 1);
      expect(
        Math.abs(todayBox.y + todayBox.height - (changeBox.y + changeBox.height)),
      ).toBeLessThan(4);
      expect(todayBox.x).toBeGreaterThan(changeBox.x);
      expect(overlaps(todayBox, bellBox)).toBe(false);
      expect(todayBox.x + todayBox.width).toBeLessThanOrEqual(bellBox.x);
    });

    test('asset names are cut only by the product rule, never by the browser: "Ethereum Classic" in the holdings and the asset header', async ({
      page,
      request,
      user,
    }) => {
      await buyViaApi(request, user, 'ETC', 50);
      await page.goto('/home');
      const link = page
        .getByRole('table', { name: 'Holdings' })
        .getByRole('link', { name: 'Ethereum Classic' });
      // Past 14 characters the product cuts to 12 plus an ellipsis (docs/product.md); the link
      // still names the whole asset. The browser cuts nothing more: all of the text is in its box.
      await expect(link).toHaveText('Ethereum Cla\u2026');
      expect(
        await link.evaluate((el) =>
          Array.from(el.querySelectorAll<HTMLElement>('span')).every(
            (s) => s.scrollWidth <= s.clientWidth,
          ),
        ),
      ).toBe(true);

      await page.goto('/asset?pair=etcusd');
      const heading = page.getByRole('heading', { level: 2, name: /^Ethereum Classic ETC$/ });
      await expect(heading).toBeVisible();
      expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header keeps the page title whole when the scrolled-in balance shows', async ({
    page,
    user,
  }) => {
    void user;
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    const banner = page.getByRole('banner');
    const balance = banner.getByText(/^\$[\d,]+\.\d{2}$/);
    await page.mouse.wheel(0, 400);
    await expect(balance).toBeVisible();
    const title = banner.getByRole('heading', { level: 1, name: 'Account' });
    await expect(title).toBeVisible();
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

test.describe('at 640px, a 1280px desktop zoomed to 200 %', () => {
  test.use({ viewport: { width: 640, height: 360 } });

  test('the asset page keeps trading in reach: a Trade bar in view, and the panel straight after the chart', async ({
    page,
    user,
  }) => {
    void user;
    await page.goto('/asset?pair=btcusd');
    const trade = page.getByRole('button', { name: 'Trade', exact: true });
    await expect(trade).toBeInViewport();
    // The panel comes before the page's cards, not after all of them.
    const panel = page.getByRole('form', { name: 'Buy Bitcoin' });
    const orders = page.getByRole('heading', { name: 'Orders' });
    expect((await boxOf(panel)).y).toBeLessThan((await boxOf(orders)).y);

    await trade.click();
    await page.getByRole('button', { name: /^Buy BTC \$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Buy Bitcoin' })).toBeVisible();
  });
});
