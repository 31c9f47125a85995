import { authHeaders, getUserViaApi, type AssetRecord } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { severeAxeDetails } from './support/axe.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

// Moves no price (support/api.ts, PRICE_MOVERS): XMR, the thinnest book, is bought at the market
// and with a limit above its price, which fills in parts from the tick's simulated trades
// (docs/decisions/029-simulated-order-book.md).

const LESSON = '/learn?lesson=liquidity-and-slippage';

for (const { size, viewport, colorScheme } of [
  { size: 'desktop', viewport: { width: 1280, height: 900 }, colorScheme: 'light' as const },
  { size: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'dark' as const },
]) {
  test.describe(`${size}, ${colorScheme} theme`, () => {
    test.use({ viewport, colorScheme });

    test.beforeEach(async ({ page, user, request }) => {
      await skipOnboarding(page);
      // The browser tests' server fills IDEAL unless a portfolio chooses the book (playwright.config.ts).
      const chosen = await request.put('/update-user', {
        headers: authHeaders(user),
        data: {
          key: 'settings',
          walletAddress: user.walletAddress,
          updates: { fill_model: 'BOOK' },
        },
      });
      expect(chosen.status(), await chosen.text()).toBe(200);
    });

    test("the liquidity lesson's Try it buys a thin coin and shows the levels it took, as its transaction page does", async ({
      page,
      user,
    }) => {
      void user;
      await page.goto(LESSON);
      await expect(
        page.getByRole('heading', { level: 2, name: 'Liquidity, spread and slippage' }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Try it: buy $20,000 of XMR' }).click();
      const took = page.getByRole('table', { name: 'What the order took from the book' });
      await expect(took.getByRole('row', { name: /^Levels taken/ })).toContainText(
        /\d+ price levels of the book/,
      );
      await expect(took.getByRole('row', { name: /^Slippage/ })).toContainText(/[\d.]+ bps/);
      await expect(took.getByRole('row', { name: /^Mid price/ })).toContainText(/\$[\d,.]+/);
      expect(await severeAxeDetails(page)).toEqual([]);

      await page.getByRole('link', { name: 'View the transaction' }).click();
      const details = page.getByRole('table', { name: 'Transaction details' });
      await expect(details.getByRole('row', { name: /^Levels taken/ })).toContainText(
        /\d+ price levels of the book/,
      );
      await expect(details.getByRole('row', { name: /^Average price/ })).toBeVisible();
      await expect(details.getByRole('row', { name: /^Slippage/ })).toContainText('bps');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await severeAxeDetails(page)).toEqual([]);
    });

    test('choosing the Ideal fill model in /account fills the same order at one price, with no levels', async ({
      page,
      user,
    }) => {
      await page.goto('/account');
      const costs = page.getByRole('region', { name: 'Trading costs' });
      await expect(costs.getByRole('radio', { name: /^Order book/ })).toBeChecked();
      await costs.getByRole('radio', { name: /^Ideal/ }).check();
      await expect(costs.getByRole('radio', { name: /^Ideal/ })).toBeChecked();
      await expect
        .poll(async () => {
          const record = await getUserViaApi(page.request, user);
          return (record as unknown as { settings: Record<string, unknown> }).settings.fill_model;
        })
        .toBe('IDEAL');
      expect(await severeAxeDetails(page)).toEqual([]);

      await page.goto(LESSON);
      await page.getByRole('button', { name: 'Try it: buy $20,000 of XMR' }).click();
      await expect(page.getByText(/fills every order at one price/)).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'What the order took from the book' }),
      ).toHaveCount(0);
    });

    test('a market buy capped at 0 bps of slippage cannot fill and says so under the cap', async ({
      page,
      user,
    }) => {
      void user;
      await page.goto('/asset?pair=xmrusd');
      let form = page.getByRole('form', { name: 'Buy Monero' });
      if (size === 'phone') {
        await page.getByRole('button', { name: 'Trade', exact: true }).click();
        await page.getByRole('button', { name: /^Buy XMR \$/ }).click();
        form = page.getByRole('dialog', { name: 'Buy Monero' });
      }
      await form.getByLabel('Amount').fill('1000');
      const cap = form.getByLabel('Max slippage (bps)');
      await cap.fill('0');
      await form.getByRole('button', { name: 'Buy XMR' }).click();
      // The best ask is above the mid: not one share fills within 0 bps (409 NO_LIQUIDITY).
      await expect(cap).toHaveAccessibleDescription(/^Nothing could fill within 0 bps of the mid/);
      expect(await severeAxeDetails(page)).toEqual([]);
    });

    test('a large limit buy above the price fills in parts and shows as Partly filled on /order', async ({
      page,
      user,
    }) => {
      const assets = (await (await page.request.get('/all-assets')).json()) as AssetRecord[];
      const xmr = assets.find((a) => a.symbol === 'XMR')!;
      // A limit 2 % above the price crosses at once; $60,000 is far more than a tick's trades
      // of XMR (about $1,200 a second), so it fills a slice a tick.
      const response = await page.request.post('/open-limit-position', {
        headers: authHeaders(user),
        data: {
          type: 'PURCHASE',
          symbol: 'XMR',
          walletAddress: user.walletAddress,
          limitAsk: Math.round(xmr.currentPrice * 102) / 100,
          purchaseAsk: 60_000,
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      await page.goto('/order');
      const working = page.getByRole('table', { name: 'Working orders' });
      await expect(working.getByRole('row', { name: /XMR/ })).toContainText(
        /Partly filled: [\d.]+ filled · [\d.]+ XMR left/,
        { timeout: 20_000 },
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await severeAxeDetails(page)).toEqual([]);
    });
  });
}
