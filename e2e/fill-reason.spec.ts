import { expect, test, type APIRequestContext } from '@playwright/test';
import { authHeaders, buyViaApi, setPrice, signUpViaApi, type TestUser } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';

// Every fill explains itself, in dollars. XRP is moved by no other spec (support/api.ts,
// PRICE_MOVERS); the two tests here move it one after the other, so neither disturbs the other.
test.describe.configure({ mode: 'serial' });

async function sellOrder(request: APIRequestContext, user: TestUser, terms: Record<string, unknown>) {
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
    .getByText(/^Trailing stop order filled/);
  await expect(notice).toContainText(`(${reason})`);
  await expect(notice).not.toContainText('))');
});
