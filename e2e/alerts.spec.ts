import type { Page } from '@playwright/test';
import {
  authHeaders,
  deleteNotificationsViaApi,
  setPrice,
  type AssetRecord,
} from './support/api.ts';
import { severeAxeDetails } from './support/axe.ts';
import { checkPopup, startInLightMode, switchToDark } from './support/dialog-helpers.ts';
import { expect, test } from './support/fixtures.ts';
import { openLive } from './support/live-helpers.ts';

/** "Within 2 seconds without a reload" (the bar for live updates). */
const LIVE = { timeout: 2_000 };

async function solPrice(page: Page): Promise<number> {
  const assets = (await (await page.request.get('/all-assets')).json()) as AssetRecord[];
  const sol = assets.find((a) => a.id === 'solusd');
  if (!sol) throw new Error('no SOL in /all-assets');
  return sol.currentPrice;
}

test.describe('tablet', () => {
  // Tablet width: the header shows the notification bell with its unread count.
  test.use({ viewport: { width: 768, height: 900 } });

  test('an alert set from the asset page fires live when the price reaches it, and is deleted in /account', async ({
    page,
    request,
    user,
  }) => {
    // Sign-up leaves a welcome notification; start from none so the count is the alert's.
    await deleteNotificationsViaApi(request, user);
    await openLive(page, '/asset?pair=solusd');

    await page.getByRole('button', { name: 'Set a price alert for SOL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Price alert for Solana' });
    const field = dialog.getByRole('textbox', { name: 'Alert price' });
    // Prefilled 5% above the price of the moment (the market ticks every second meanwhile).
    const suggested = Number(await field.inputValue());
    const price = await solPrice(page);
    expect(suggested / price).toBeGreaterThan(1.04);
    expect(suggested / price).toBeLessThan(1.06);

    await field.fill('0');
    await dialog.getByRole('button', { name: 'Set alert' }).click();
    await expect(field).toHaveAccessibleDescription('The price must be greater than 0');
    await field.fill(String(Math.round(price * 0.5)));
    await expect(field).toHaveAccessibleDescription(
      /^SOL is at \$[\d,.]+ now: choose a price above it$/,
    );

    const level = Math.round(price * 1.02 * 100) / 100;
    await field.fill(String(level));
    await field.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Alert set: SOL above $' }),
    ).toBeVisible();

    // Another, below the price, set through the API: it stays waiting and is deleted in /account.
    const below = Math.round(price * 0.5 * 100) / 100;
    const created = await request.post('/alerts', {
      headers: authHeaders(user),
      data: { symbol: 'SOL', below },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The market control moves the price past the level and runs the tick that fires the alert.
    await setPrice(request, 'solusd', Math.round(level * 1.01 * 100) / 100);
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible(LIVE);
    await bell.click();
    const menu = page.getByRole('dialog', { name: 'Notifications' });
    await expect(
      menu.getByRole('button', {
        name: /Price alert: SOL rose to \$[\d,.]+, at or above your alert at \$/,
      }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/account');
    const table = page.getByRole('table', { name: 'Price alerts' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row', { name: /at or above/ })).toContainText('Fired');
    const waiting = table.getByRole('row', { name: /at or below/ });
    await expect(waiting).toContainText('Waiting');
    await waiting.getByRole('button', { name: /^Delete alert: SOL at or below \$/ }).click();
    await expect(waiting).toBeHidden();
    await expect(table.getByRole('row')).toHaveCount(2);
    expect(await severeAxeDetails(page)).toEqual([]);

    // Firing was once: the price moving on past the level adds no notification.
    await setPrice(request, 'solusd', Math.round(level * 1.2 * 100) / 100);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('at 390x844 the alert dialog fits the screen and works from the keyboard alone', async ({
    page,
    user,
  }) => {
    void user;
    await startInLightMode(page);
    await page.goto('/asset?pair=solusd');
    const bell = page.getByRole('button', { name: 'Set a price alert for SOL' });
    const dialog = page.getByRole('dialog', { name: 'Price alert for Solana' });
    // Enter opens it, focus moves in, axe finds nothing serious, Escape closes it back to the bell.
    await checkPopup(page, {
      what: 'the price alert dialog',
      mode: 'light',
      trigger: bell,
      popup: dialog,
    });
    await switchToDark(page);
    await checkPopup(page, {
      what: 'the price alert dialog',
      mode: 'dark',
      trigger: bell,
      popup: dialog,
    });

    await bell.focus();
    await page.keyboard.press('Enter');
    const field = dialog.getByRole('textbox', { name: 'Alert price' });
    await expect(field).toBeFocused();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844).toBe(true);

    // Below instead: arrow keys move between the radio buttons; the suggestion follows the side.
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('radio', { name: 'At or above' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: 'At or below' })).toBeChecked();
    const price = await solPrice(page);
    expect(Number(await field.inputValue()) / price).toBeLessThan(0.96);

    await field.fill('1.123456789');
    await field.press('Enter');
    await expect(field).toHaveAccessibleDescription('A price has at most 8 decimals');
    await field.fill('1');
    await field.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(bell).toBeFocused();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Alert set: SOL below $1.00' }),
    ).toBeVisible();
  });
});
