import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { authHeaders, buyViaApi, setPrice, signUpViaApi, type TestUser } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';
import { openLive } from './support/live-helpers.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

// Every fill explains itself, in dollars, and every fill or alert that arrives while the user looks
// is announced. XRP is moved by no other spec (support/api.ts, PRICE_MOVERS); the tests here move
// it one after the other, so none disturbs another.
test.describe.configure({ mode: 'serial' });

async function buyOrder(
  request: APIRequestContext,
  user: TestUser,
  limitAsk: number,
  purchaseAsk: number,
) {
  const opened = await request.post('/open-limit-position', {
    headers: authHeaders(user),
    data: {
      walletAddress: user.walletAddress,
      type: 'PURCHASE',
      symbol: 'XRP',
      limitAsk,
      purchaseAsk,
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
}

async function signedIn(page: Page, request: APIRequestContext): Promise<TestUser> {
  const user = await signUpViaApi(request);
  await skipOnboarding(page);
  await loginInBrowser(page, user);
  return user;
}

/**
 * The page has rendered its shell: the socket can deliver the user before the shell's chunk has
 * loaded, and what the shell finds at its first render is old news, never announced.
 */
async function shellShown(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: /^Ripple/ })).toBeVisible();
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${String(locator)}`);
  return box;
}

async function sellOrder(
  request: APIRequestContext,
  user: TestUser,
  terms: Record<string, unknown>,
) {
  const opened = await request.post('/open-limit-position', {
    headers: authHeaders(user),
    data: { walletAddress: user.walletAddress, type: 'SELL', symbol: 'XRP', sellAsk: 40, ...terms },
  });
  expect(opened.status(), await opened.text()).toBe(201);
}

async function lastSellId(request: APIRequestContext, user: TestUser): Promise<string> {
  const session = await request.get('/auth/session', { headers: authHeaders(user) });
  const { user: record } = (await session.json()) as {
    user: { history: { id?: string; type: string; timestamp: number }[] };
  };
  const sells = record.history.filter((h) => h.type === 'SELL' && h.id);
  sells.sort((a, b) => b.timestamp - a.timestamp);
  expect(sells[0]?.id).toBeTruthy();
  return sells[0]?.id ?? '';
}

test('a stop-loss fill says on its transaction page which order it was and why it filled', async ({
  page,
  request,
}) => {
  const user = await signUpViaApi(request);
  await setPrice(request, 'xrpusd', 10);
  await buyViaApi(request, user, 'XRP', 1_000);
  await sellOrder(request, user, { orderType: 'STOP', stopPrice: 9.5 });
  await setPrice(request, 'xrpusd', 9.4);
  const id = await lastSellId(request, user);

  await loginInBrowser(page, user);
  await page.goto(`/transaction?id=${id}`);
  const details = page.getByRole('table', { name: 'Transaction details' });
  await expect(
    details.getByRole('row', { name: /Order/ }).filter({ hasText: 'Stop order' }),
  ).toBeVisible();
  await expect(details.getByRole('row', { name: /Why it filled/ })).toContainText(
    'price $9.40 reached the stop at $9.50',
  );
});

test('a trailing stop fill names its prices in dollars, with balanced brackets, on its page and in its notification', async ({
  page,
  request,
}) => {
  const user = await signUpViaApi(request);
  await setPrice(request, 'xrpusd', 10);
  await buyViaApi(request, user, 'XRP', 1_000);
  await sellOrder(request, user, { orderType: 'TRAILING_STOP', trailPercent: 5 });
  await setPrice(request, 'xrpusd', 12);
  await setPrice(request, 'xrpusd', 11);
  const id = await lastSellId(request, user);
  const reason = 'price $11.00 reached the trailing stop at $11.40, 5% below the high of $12.00';

  await loginInBrowser(page, user);
  await page.goto(`/transaction?id=${id}`);
  const why = page
    .getByRole('table', { name: 'Transaction details' })
    .getByRole('row', { name: /Why it filled/ });
  await expect(why).toContainText(reason);
  await expect(why).not.toContainText(')');

  await page.goto('/notifications');
  const notice = page
    .getByRole('list', { name: 'Notifications' })
    .getByText(/Trailing stop order filled/);
  await expect(notice).toContainText(`(${reason})`);
  await expect(notice).not.toContainText('))');
});

test('two orders filling in one tick show two toasts, each saying which order filled', async ({
  page,
  request,
}) => {
  const user = await signedIn(page, request);
  await setPrice(request, 'xrpusd', 10);
  await buyOrder(request, user, 9, 100);
  await buyOrder(request, user, 8.5, 200);
  await openLive(page, '/asset?pair=xrpusd');
  await shellShown(page);

  await setPrice(request, 'xrpusd', 8);
  const fills = page
    .getByRole('alert')
    .filter({ hasText: /^Limit order filled: bought [\d.]+ XRP at \$8\.00/ });
  await expect(fills).toHaveCount(2);
  // One toast per order, not the same one twice.
  const texts = await fills.allTextContents();
  expect(new Set(texts).size).toBe(2);
  // Each can be closed on its own.
  await fills.first().getByRole('button', { name: 'Close' }).click();
  await expect(fills).toHaveCount(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a fill and a price alert show toasts that cover neither the account menu, the chart's range buttons nor the Trade bar", async ({
    page,
    request,
  }) => {
    const user = await signedIn(page, request);
    await setPrice(request, 'xrpusd', 10);
    await buyOrder(request, user, 9, 100);
    const alert = await request.post('/alerts', {
      headers: authHeaders(user),
      data: { symbol: 'XRP', below: 9.5 },
    });
    expect(alert.status(), await alert.text()).toBe(201);
    await openLive(page, '/asset?pair=xrpusd');
    await shellShown(page);

    await setPrice(request, 'xrpusd', 8.8);
    const fill = page
      .getByRole('alert')
      .filter({ hasText: /^Limit order filled: bought [\d.]+ XRP/ });
    const priceAlert = page
      .getByRole('alert')
      .filter({ hasText: /^Price alert: XRP fell to \$8\.80, at or below your alert at \$9\.50/ });
    await expect(fill).toBeVisible();
    await expect(priceAlert).toBeVisible();

    const controls = [
      page.getByRole('button', { name: 'Account menu' }),
      ...['1m', '1h', '1d'].map((i) =>
        page
          .getByRole('group', { name: 'Candle interval' })
          .getByRole('button', { name: i, exact: true }),
      ),
      page.getByRole('button', { name: 'Trade', exact: true }),
      page.getByRole('navigation', { name: 'Bottom navigation' }),
    ];
    const toastBoxes = [await boxOf(fill), await boxOf(priceAlert)];
    for (const box of toastBoxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      for (const control of controls) {
        expect(overlaps(box, await boxOf(control)), `a toast covers ${String(control)}`).toBe(
          false,
        );
      }
    }
    // View leads to the alert's asset and closes its toast.
    await priceAlert.getByRole('button', { name: 'View' }).click();
    await expect(priceAlert).toBeHidden();
    await expect(page).toHaveURL(/\/asset\?pair=xrpusd/);
    // The account menu opens clear of where the toasts were: its first item takes a tap.
    await page.getByRole('button', { name: 'Account menu' }).click();
    const first = page.getByRole('menu', { name: 'Account menu' }).getByRole('menuitem').first();
    const firstBox = await boxOf(first);
    for (const box of toastBoxes) expect(overlaps(firstBox, box)).toBe(false);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu', { name: 'Account menu' })).toBeHidden();
  });
});
