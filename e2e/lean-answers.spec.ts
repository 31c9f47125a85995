import type { APIRequestContext, Page } from '@playwright/test';
import { formatUsd } from '@papertrade/domain';
import { authHeaders, getUserViaApi, type TestUser, type UserRecord } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { openLive } from './support/live-helpers.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

/** "Within 2 seconds without a reload" (the bar live.spec sets for live updates). */
const LIVE = { timeout: 2_000 };

interface Entry {
  type: 'PURCHASE' | 'SELL';
  symbol: string;
  transactionTotal: number;
}

/** One order over HTTP, as another device of the user would send it: no page makes it. */
async function order(
  request: APIRequestContext,
  user: TestUser,
  route: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await request.post(route, {
    headers: authHeaders(user),
    data: { walletAddress: user.walletAddress, ...data },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

const trade = (
  request: APIRequestContext,
  user: TestUser,
  side: 'buy' | 'sell',
  symbol: string,
  usd: number,
) =>
  order(request, user, side === 'buy' ? '/purchase-asset' : '/sell-asset', {
    symbol,
    assetAmount: usd,
    unit: 'USD',
  });

/** Counts the page's reads of the whole record: a patch applied in place makes none. */
function recordReads(page: Page): () => number {
  let reads = 0;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/auth/session' || path === '/user-details') reads += 1;
  });
  return () => reads;
}

/** The home page's recent activity, as recent-activity.tsx writes each line from the record. */
const activityLine = (e: Entry) =>
  `${e.type === 'PURCHASE' ? 'Bought' : 'Sold'} ${e.symbol} · ${formatUsd(e.transactionTotal)}`;

async function expectHomeShows(page: Page, record: UserRecord & { history: Entry[] }) {
  const buyingPower = page.getByText('Buying power').locator('xpath=following-sibling::*[1]');
  await expect(buyingPower).toHaveText(formatUsd(record.balance), LIVE);
  const list = page.getByRole('list', { name: 'Recent activity' });
  // Rendered a moment after the first screen (components/deferred.tsx): not a live update's wait.
  await expect(list).toBeVisible({ timeout: 10_000 });
  const activity = list.getByRole('listitem');
  const lines = record.history.slice(0, 5).map(activityLine);
  await expect(activity).toHaveCount(lines.length, LIVE);
  for (const [i, line] of lines.entries()) await expect(activity.nth(i)).toContainText(line, LIVE);
}

test('/home and the asset page stay right through a run of trades applied from /live patches', async ({
  page,
  request,
  user,
}) => {
  await skipOnboarding(page);
  const asset = await page.context().newPage();
  await openLive(page, '/home');
  await openLive(asset, '/asset?pair=btcusd');
  const reads = [recordReads(page), recordReads(asset)];

  await trade(request, user, 'buy', 'BTC', 1_000);
  await trade(request, user, 'buy', 'LINK', 500);
  await trade(request, user, 'sell', 'BTC', 300);
  // A working order opened and cancelled: both answers carry the lists, merged the same way.
  const opened = await order(request, user, '/open-limit-position', {
    type: 'PURCHASE',
    symbol: 'UNI',
    limitAsk: 0.01,
    purchaseAsk: 50,
  });
  const positionId = (opened.limitPosition as { positionId: string }).positionId;
  await order(request, user, '/cancel-limit-position', { positionId });
  await trade(request, user, 'buy', 'BTC', 200);
  await trade(request, user, 'sell', 'LINK', 100);

  const record = (await getUserViaApi(request, user)) as UserRecord & {
    history: Entry[];
    assets: Record<string, number>;
  };
  await expectHomeShows(page, record);
  const panel = asset.getByRole('form', { name: 'Buy Bitcoin' });
  await expect(panel).toContainText(formatUsd(record.balance), LIVE);
  // Every change arrived as a patch of the next version: no page read the record again.
  expect(reads.map((count) => count())).toEqual([0, 0]);
});

test('a page that missed a patch reads the record whole at the next one, and is right again', async ({
  page,
  request,
  user,
}) => {
  await skipOnboarding(page);
  // The page's /live goes through the test, which can lose one user-patch on the way.
  let dropNextPatch = false;
  // The server sends the record when the socket opens: after it, the socket hears the user's changes.
  let recordArrived = () => {};
  const connected = new Promise<void>((resolve) => (recordArrived = resolve));
  await page.routeWebSocket(/\/live/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (typeof message === 'string' && message.includes('"type":"user"')) recordArrived();
      if (dropNextPatch && typeof message === 'string' && message.includes('"type":"user-patch"')) {
        dropNextPatch = false;
        return;
      }
      ws.send(message);
    });
  });
  await page.goto('/asset?pair=btcusd');
  const panel = page.getByRole('form', { name: 'Buy Bitcoin' });
  const start = await getUserViaApi(request, user);
  await expect(panel).toContainText(formatUsd(start.balance));
  await connected;

  dropNextPatch = true;
  await trade(request, user, 'buy', 'BTC', 1_000);
  await expect.poll(() => dropNextPatch).toBe(false);
  const reread = page.waitForRequest((r) => new URL(r.url()).pathname === '/auth/session');
  await trade(request, user, 'buy', 'BTC', 500);
  await reread;
  const record = await getUserViaApi(request, user);
  await expect(panel).toContainText(formatUsd(record.balance), LIVE);

  // On /home too, after the reload, the figures are the record's.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expectHomeShows(page, record as UserRecord & { history: Entry[] });
});
