import { expect, test } from '@playwright/test';
import { authHeaders, buyViaApi, setPrice, signUpViaApi } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';

// Every fill explains itself (docs/api.md, `Transaction.trigger`). XRP is moved by no other spec (support/api.ts,
// PRICE_MOVERS), so parallel tests cannot fill or disturb this stop.
test('a stop-loss fill says on its transaction page which order it was and why it filled', async ({
  page,
  request,
}) => {
  const user = await signUpViaApi(request);
  await setPrice(request, 'xrpusd', 10);
  await buyViaApi(request, user, 'XRP', 1_000);
  const opened = await request.post('/open-limit-position', {
    headers: authHeaders(user),
    data: {
      walletAddress: user.walletAddress,
      type: 'SELL',
      orderType: 'STOP',
      symbol: 'XRP',
      stopPrice: 9.5,
      sellAsk: 40,
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  await setPrice(request, 'xrpusd', 9.4);

  const session = await request.get('/auth/session', { headers: authHeaders(user) });
  const { user: record } = (await session.json()) as {
    user: { history: { id?: string; type: string; method?: string }[] };
  };
  const fill = record.history.find((h) => h.type === 'SELL' && h.id);
  expect(fill?.id).toBeTruthy();

  await loginInBrowser(page, user);
  await page.goto(`/transaction?id=${fill?.id ?? ''}`);
  const details = page.getByRole('table', { name: 'Transaction details' });
  await expect(
    details.getByRole('row', { name: /Order/ }).filter({ hasText: 'Stop order' }),
  ).toBeVisible();
  await expect(details.getByRole('row', { name: /Why it filled/ })).toContainText('9.50');
});
