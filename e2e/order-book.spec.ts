import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { severeAxeDetails } from './support/axe.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

// Reads prices only: moves none (support/api.ts, PRICE_MOVERS). UNI is a thin coin ($300M a day,
// about $300,000 on each side of its book) that no spec moves.

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
});

/** The ladder, opening the phone's collapsed section first. */
async function openLadder(page: Page, phone: boolean) {
  if (phone) {
    const summary = page.getByRole('button', { name: 'Order book', exact: true });
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(summary).toHaveAttribute('aria-expanded', 'true');
  }
  const ladder = page.getByRole('table', { name: 'Order book ladder for UNI' });
  await expect(ladder.getByRole('row', { name: /^Ask / })).toHaveCount(10);
  await expect(ladder.getByRole('row', { name: /^Bid / })).toHaveCount(10);
  return ladder;
}

/** The market buy form: the page's panel on a desktop, the Trade bar's dialog on a phone. */
async function buyForm(page: Page, phone: boolean) {
  if (!phone) return page.getByRole('form', { name: 'Buy Uniswap' });
  await page.getByRole('button', { name: 'Trade', exact: true }).click();
  await page.getByRole('button', { name: /^Buy UNI \$/ }).click();
  return page.getByRole('dialog', { name: 'Buy Uniswap' });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  const phone = viewport.width < 481;
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the order book shows a ladder and a depth chart that move with the market', async ({
      page,
      user,
    }) => {
      void user;
      await page.goto('/asset?pair=uniusd');
      const ladder = await openLadder(page, phone);
      await expect(
        ladder.getByRole('row', { name: /^Spread \$[\d.]+ \([\d.]+ bps\) · Mid \$/ }),
      ).toBeVisible();
      const depth = page.getByRole('figure', { name: /^Depth: [\d.,]+ UNI bid down to \$/ });
      await expect(depth).toBeVisible();
      // A level's size is drawn again every tick (1 s here): the ladder changes without a reload.
      const before = await ladder.textContent();
      await expect.poll(() => ladder.textContent(), { timeout: 15_000 }).not.toBe(before);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await severeAxeDetails(page)).toEqual([]);
    });

    test('a large market buy of a thin coin warns of its slippage, and an amount past the book that it cannot fill', async ({
      page,
      user,
    }) => {
      void user;
      await page.goto('/asset?pair=uniusd');
      const form = await buyForm(page, phone);
      const amount = form.getByLabel('Amount');
      await amount.fill('10');
      const preview = form.getByRole('group', { name: 'Expected fill from the order book' });
      await expect(preview.getByText(/^\$[\d.,]+$/)).toBeVisible();
      await expect(preview.getByText(/bps · 1 level$/)).toBeVisible();
      await expect(preview.getByRole('alert')).toHaveCount(0);
      await amount.fill('100000');
      await expect(preview.getByRole('alert')).toContainText('High slippage');
      await amount.fill('5000000');
      await expect(preview.getByRole('alert')).toContainText(
        'The book cannot fill this order: its asks hold only',
      );
      expect(await severeAxeDetails(page)).toEqual([]);
    });
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`the order book has no serious axe violation in ${mode} mode`, async ({ page, user }) => {
    void user;
    await page.addInitScript((stored) => localStorage.setItem('theme_mode', stored), mode);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/asset?pair=uniusd');
    await openLadder(page, false);
    expect(await severeAxeDetails(page)).toEqual([]);
  });
}
