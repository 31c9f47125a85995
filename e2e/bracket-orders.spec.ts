import type { Page } from '@playwright/test';
import { buyViaApi, deleteNotificationsViaApi, setPrice } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// Brackets and OCO from the trade panel (issue 13) and Learn's "Try it". ETC and TRX are moved or
// bought by no other spec, so parallel tests cannot fill or disturb these orders; between the
// prices set here the market's own ticks move them a little, never near the next order's price.
const legendOf = (page: Page) => page.getByRole('list', { name: 'Your ETC orders on the chart' });
const ordersOf = (page: Page) => page.getByRole('list', { name: 'Working ETC orders' });
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

test('a limit buy with take-profit and stop-loss: the legs open on its fill, the stop-loss fills and cancels the take-profit', async ({
  page,
  request,
  user,
}) => {
  test.setTimeout(90_000);
  await deleteNotificationsViaApi(request, user);
  await setPrice(request, 'etcusd', 100);
  await page.goto('/asset?pair=etcusd');
  const panel = page.getByRole('form', { name: 'Buy Ethereum Classic' });
  await panel
    .getByRole('group', { name: 'Order type' })
    .getByRole('button', { name: 'Limit', exact: true })
    .click();
  await panel.getByLabel('Limit price').fill('90');
  await panel.getByLabel('Amount').fill('900');
  await panel.getByRole('button', { name: /Protect this trade/ }).click();
  const takeProfit = panel.getByLabel('Take-profit price');
  await expect(takeProfit).toHaveAccessibleDescription(
    /^If ETC rises to \$[\d.,]+, sells the shares you bought at that price or higher\.$/,
  );
  await takeProfit.fill('85');
  await panel.getByLabel('Stop-loss price').fill('80');
  await panel.getByRole('button', { name: 'Place limit buy' }).click();
  await expect(takeProfit).toHaveAccessibleDescription(
    'The take-profit must be above the limit of $90.00: at $85.00 it would sell at once.',
  );

  await takeProfit.fill('120');
  const review = panel.getByRole('region', { name: 'Review' });
  await expect(review.getByRole('listitem')).toHaveText([
    /^Reserves \$900\.00 now; buys about [\d.]+ ETC if the price falls to \$90\.00$/,
    'Take-profit: sells the shares bought at $120.00 or higher if ETC rises there',
    'Stop-loss: sells the shares bought at the market if ETC falls to $80.00',
    'When one of the two fills, the other is cancelled',
  ]);
  await panel.getByRole('button', { name: 'Place limit buy' }).click();
  await expect(panel.getByRole('status')).toContainText(
    'Limit order placed; its take-profit and stop-loss start once it fills',
  );
  await expect(ordersOf(page).getByRole('listitem')).toHaveCount(1);
  await expect(
    legendOf(page).getByText(
      'Buy limit $90.00 (then take-profit $120.00, stop-loss $80.00) · $900.00',
      { exact: true },
    ),
  ).toBeVisible();

  // The buy fills: its two legs are working, for the shares it bought, drawn as two lines.
  await setPrice(request, 'etcusd', 89);
  await expect(
    toast(
      page,
      /^Limit order filled: bought [\d.]+ ETC at \$\d+\.\d\d.*; take-profit at \$120\.00 and stop-loss at \$80\.00 now working/,
    ),
  ).toBeVisible();
  const orders = ordersOf(page);
  await expect(orders.getByRole('listitem')).toHaveCount(2);
  await expect(orders.getByRole('listitem').filter({ hasText: 'Take-profit' })).toContainText(
    '$120.00',
  );
  await expect(orders.getByRole('listitem').filter({ hasText: 'Stop-loss' })).toContainText(
    '$80.00',
  );
  const legend = legendOf(page);
  await expect(legend.getByText(/^Take-profit \$120\.00 · 10\.\d+ ETC$/)).toBeVisible();
  await expect(legend.getByText(/^Stop-loss \$80\.00 · 10\.\d+ ETC$/)).toBeVisible();
  await expect(legend.getByText(/^Buy limit/)).toHaveCount(0);

  // The price falls through the stop: the stop-loss sells, the take-profit is cancelled.
  await setPrice(request, 'etcusd', 79);
  const filled = toast(
    page,
    /^Stop-loss order filled: sold 10\.\d+ ETC at \$\d+\.\d\d.*reached the stop at 80\.00\); the other order of the pair was cancelled/,
  );
  await expect(filled).toBeVisible();
  await expect(page.getByText('No working ETC orders.', { exact: false })).toBeVisible();
  await expect(legend.getByText(/^Take-profit/)).toHaveCount(0);

  await filled.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/transaction\?id=/);
  const details = page.getByRole('table', { name: 'Transaction details' });
  await expect(details.getByRole('row', { name: /Order/ })).toContainText('Stop');
  await expect(details.getByRole('row', { name: /Why it filled/ })).toContainText(
    'reached the stop at 80.00',
  );

  await page.goto('/notifications');
  const notifications = page.getByRole('list', { name: 'Notifications' });
  await expect(
    notifications.getByText(
      /Stop-loss order filled: sold 10\.\d+ ETC .*the other order of the pair was cancelled/,
    ),
  ).toBeVisible();
  await expect(
    notifications.getByText(
      /Limit order filled: bought .*take-profit at \$120\.00 and stop-loss at \$80\.00 now working/,
    ),
  ).toBeVisible();
});

test('an OCO sell of shares held: both legs in the Orders card, sharing the shares', async ({
  page,
  request,
  user,
}) => {
  await setPrice(request, 'bnbusd', 100);
  await buyViaApi(request, user, 'BNB', 1_000);
  await page.goto('/asset?pair=bnbusd');
  await page.getByRole('tab', { name: 'Sell' }).click();
  const panel = page.getByRole('form', { name: 'Sell BNB' });
  await panel.getByRole('button', { name: 'Take-profit + stop-loss (OCO)' }).click();
  await expect(
    panel.getByText(/^Take-profit \+ stop-loss \(OCO\): two sells of the same shares/),
  ).toBeVisible();
  await panel.getByLabel('Take-profit price').fill('110');
  await panel.getByLabel('Stop-loss price').fill('90');
  await panel.getByLabel('Amount').fill('4');
  await expect(panel.getByRole('region', { name: 'Review' }).getByRole('listitem')).toHaveText([
    'Reserves 4.0000 BNB now for both sells',
    'Take-profit: sells the shares at $110.00 or higher if BNB rises there',
    'Stop-loss: sells the shares at the market if BNB falls to $90.00',
    'When one of the two fills, the other is cancelled',
  ]);
  await panel.getByRole('button', { name: 'Place OCO sell' }).click();
  await expect(panel.getByRole('status')).toContainText('OCO order placed');
  const orders = page.getByRole('list', { name: 'Working BNB orders' });
  await expect(orders.getByRole('listitem')).toHaveCount(2);
  await expect(orders.getByRole('listitem').filter({ hasText: 'Take-profit' })).toContainText(
    '4.0000 BNB',
  );
  await expect(orders.getByRole('listitem').filter({ hasText: 'Stop-loss' })).toContainText(
    '$90.00',
  );
  // The pair reserves its 4 shares once.
  await expect(page.getByRole('region', { name: 'Your holding' })).toContainText(
    /4\.0000 reserved/,
  );
});

test('Learn: Try it in the stop-loss lesson opens the trade panel on a Stop sell of the holding', async ({
  page,
  request,
  user,
}) => {
  await buyViaApi(request, user, 'TRX', 100);
  await page.goto('/learn?lesson=stop-loss');
  await expect(page.getByRole('heading', { name: 'Stop-loss orders', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Try it' }).click();
  await expect(page).toHaveURL(/\/asset\?pair=trxusd&trade=STOP&side=SELL$/);
  const panel = page.getByRole('form', { name: 'Sell TRON' });
  await expect(
    panel
      .getByRole('group', { name: 'Order type' })
      .getByRole('button', { name: 'Stop', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(
    panel.getByText(/^Stop: sells at the market once the price falls to your stop\./),
  ).toBeVisible();
  await expect(panel.getByLabel('Stop price')).toBeVisible();
});

test('Learn: holding nothing, Try it in the take-profit lesson opens a Bitcoin limit buy with its take-profit', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/learn?lesson=take-profit');
  await page.getByRole('link', { name: 'Try it' }).click();
  await expect(page).toHaveURL(
    /\/asset\?pair=btcusd&trade=LIMIT&side=PURCHASE&protect=takeProfit$/,
  );
  const panel = page.getByRole('form', { name: 'Buy Bitcoin' });
  await expect(
    panel
      .getByRole('group', { name: 'Order type' })
      .getByRole('button', { name: 'Limit', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('button', { name: /Protect this trade/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(panel.getByLabel('Take-profit price')).toBeVisible();
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Try it opens the trade dialog on a Trailing stop sell', async ({ page, request, user }) => {
    await buyViaApi(request, user, 'TRX', 100);
    await page.goto('/learn?lesson=trailing-stop');
    await page.getByRole('link', { name: 'Try it' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sell TRON' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog
        .getByRole('group', { name: 'Order type' })
        .getByRole('button', { name: 'Trailing stop' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('textbox', { name: 'Trail' })).toBeVisible();
  });
});
