import { authHeaders, buyViaApi, setPrice } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// The trade panel's Stop order (docs/decisions/012-stop-and-trailing-orders.md): help with the
// current price, the wrong-side check under the stop price, and the placed stop in the asset
// page's Orders card. DOT is moved by no other spec; the stop sits far below the price, so the
// market's ticks meanwhile do not fill it.
test('a stop sell from the asset page: help, wrong-side error under the field, then placed', async ({
  page,
  request,
  user,
}) => {
  await setPrice(request, 'dotusd', 10);
  await buyViaApi(request, user, 'DOT', 1_000);

  await page.goto('/asset?pair=dotusd');
  await page.getByRole('tab', { name: 'Sell' }).click();
  const panel = page.getByRole('form', { name: /^Sell / });
  await panel
    .getByRole('group', { name: 'Order type' })
    .getByRole('button', { name: 'Stop', exact: true })
    .click();
  await expect(
    panel.getByText(
      /^Stop: sells at the market once the price falls to your stop\. Example: stop at \$[\d,.]+ while DOT is \$[\d,.]+ limits a fall to about 10 %\.$/,
    ),
  ).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Time in force' })).toHaveText(
    'Good till cancelled',
  );

  const stop = panel.getByLabel('Stop price');
  await stop.fill('50');
  await panel.getByLabel('Amount').fill('20');
  await panel.getByRole('button', { name: 'Place stop sell' }).click();
  await expect(stop).toHaveAccessibleDescription(
    /^A sell stop must be below the current price of \$[\d.]+: at \$50\.00 it would sell at once\.$/,
  );

  await stop.fill('5');
  await expect(stop).toHaveAccessibleDescription(
    'Sells at the market once the price falls to this.',
  );
  await panel.getByRole('button', { name: 'Place stop sell' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Stop order placed' })).toBeVisible();

  const orders = page.getByRole('list', { name: 'Working DOT orders' });
  const placed = orders.getByRole('listitem').filter({ hasText: 'Sell stop' });
  await expect(placed).toHaveCount(1);
  await expect(placed).toContainText('$5.00');
  await expect(placed).toContainText('20.0000 DOT');
});

// A stop's fill is named Stop, not Limit, on its transaction page and in the history. Its own
// prices: the stop sits at 90 % of 10, and the drop to 8.5 fills it; the other test's stop at 5
// stays working at either price.
test('a stop fill reads Stop on its transaction page and in the history', async ({
  page,
  request,
  user,
}) => {
  await setPrice(request, 'dotusd', 10);
  await buyViaApi(request, user, 'DOT', 100);
  const opened = await request.post('/open-limit-position', {
    headers: authHeaders(user),
    data: {
      walletAddress: user.walletAddress,
      type: 'SELL',
      orderType: 'STOP',
      symbol: 'DOT',
      stopPrice: 9,
      sellAsk: 1,
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  // The answer comes after the tick, and its fills, are done.
  await setPrice(request, 'dotusd', 8.5);

  await page.goto('/all-transactions');
  const table = page.getByRole('table', { name: 'Transactions' });
  const sold = table.getByRole('row', { name: /^Sold DOT.* Stop Filled/ });
  await expect(sold).toBeVisible();
  await sold.getByRole('link', { name: 'Sold DOT' }).click();
  const details = page.getByRole('table', { name: 'Transaction details' });
  await expect(details.getByRole('row', { name: /^Method/ })).toHaveText(/^MethodStop$/);
  await expect(details.getByRole('row', { name: /^Order/ })).toContainText('Stop order');
});
