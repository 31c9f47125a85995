import type { Page } from '@playwright/test';
import { formatUsd, STARTING_BALANCE_USD } from '@papertrade/domain';
import { deleteNotificationsViaApi, setPrice, type AssetRecord } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { openLive } from './support/live-helpers.ts';

// Tablet width: the header shows the notification bell with its unread count.
test.use({ viewport: { width: 768, height: 900 } });

/** "Within 2 seconds without a reload" (the bar for live updates). */
const LIVE = { timeout: 2_000 };

test('a market buy in one window shows the new buying power and holding in the other', async ({
  page,
  user,
}) => {
  void user;
  const other = await page.context().newPage();
  await openLive(page, '/asset?pair=btcusd');
  await openLive(other, '/asset?pair=btcusd');
  const otherPanel = other.getByRole('form', { name: 'Buy Bitcoin' });
  await expect(otherPanel).toContainText(formatUsd(STARTING_BALANCE_USD));

  const panel = page.getByRole('form', { name: 'Buy Bitcoin' });
  await panel.getByLabel('Amount').fill('1000');
  await panel.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(page.getByRole('dialog', { name: 'Transaction Successful!' })).toBeVisible();

  await expect(otherPanel).toContainText('$99,000.00', LIVE);
  await expect(otherPanel).not.toContainText('You own0.0000 BTC', LIVE);
});

async function ethPrice(page: Page): Promise<number> {
  const assets = (await (await page.request.get('/all-assets')).json()) as AssetRecord[];
  const eth = assets.find((a) => a.id === 'ethusd');
  if (!eth) throw new Error('no ETH in /all-assets');
  return eth.currentPrice;
}

test('a limit buy placed in one window shows in the other, and its fill notifies both', async ({
  page,
  request,
  user,
}) => {
  // Sign-up leaves a welcome notification; start from none so the count is the fill's.
  await deleteNotificationsViaApi(request, user);
  const other = await page.context().newPage();
  await openLive(page, '/order?pair=ethusd');
  await openLive(other, '/order');
  await expect(other.getByText('No working orders', { exact: false })).toBeVisible();

  const panel = page.getByRole('form', { name: 'Buy Ethereum' });
  await panel.getByRole('button', { name: 'Limit', exact: true }).click();
  const limitPrice = Math.round((await ethPrice(page)) * 0.8 * 100) / 100;
  await panel.getByLabel('Limit price').fill(String(limitPrice));
  await panel.getByLabel('Amount').fill('500');
  await expect(panel).toContainText(/Reserves \$500\.00 now; buys about [\d.,]+ ETH if the price/);
  await panel.getByRole('button', { name: 'Place limit buy' }).click();
  await expect(panel.getByRole('status')).toContainText('Limit order placed');

  const otherWorking = other.getByRole('table', { name: 'Working orders' });
  await expect(otherWorking.getByRole('row', { name: /ETH/ })).toContainText('$500.00', LIVE);
  await expect(page.getByRole('table', { name: 'Working orders' })).toBeVisible();

  // The market control moves the price below the limit and runs the tick that fills it.
  await setPrice(request, 'ethusd', Math.round(limitPrice * 0.9 * 100) / 100);

  for (const p of [page, other]) {
    await expect(p.getByRole('alert').filter({ hasText: 'Limit order filled' })).toBeVisible(LIVE);
    await expect(p.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible(LIVE);
    await expect(p.getByRole('table', { name: 'Past orders' })).toContainText('Filled', LIVE);
    await expect(p.getByRole('table', { name: 'Working orders' })).toBeHidden(LIVE);
  }

  await other.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const menu = other.getByRole('dialog', { name: 'Notifications' });
  await expect(menu.getByRole('button', { name: /Limit order filled/ })).toBeVisible();
});

test('when the connection drops the header says so, then shows how old the prices are and greys them', async ({
  page,
  user,
}) => {
  void user;
  test.setTimeout(60_000);
  let cut = false;
  const sockets: { close(): Promise<void> }[] = [];
  await page.routeWebSocket(/\/live$/, (ws) => {
    // While "cut", a reconnect is refused at once; before, the socket goes through to the server.
    if (cut) return void ws.close();
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.route('**/all-assets', (route) =>
    cut ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/asset?pair=btcusd');
  const status = page.getByRole('status', { name: /^Connection:/ });
  await expect(status).toHaveAccessibleName('Connection: Live');

  cut = true;
  for (const ws of sockets) await ws.close();
  await expect(status).toHaveAccessibleName('Connection: Reconnecting…');
  // Three missed polls later the prices are marked as old, with their time, and greyed.
  await expect(status).toHaveAccessibleName(/^Connection: Prices as of \d{1,2}:\d{2}:\d{2}/, {
    timeout: 30_000,
  });
  const price = page.locator('main [data-price]').first();
  await expect.poll(() => price.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.45');

  cut = false;
  await expect(status).toHaveAccessibleName('Connection: Live', { timeout: 30_000 });
  await expect.poll(() => price.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
});
