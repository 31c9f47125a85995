import type { Page } from '@playwright/test';
import { authHeaders, buyViaApi, getUserViaApi, type TestUser } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import type { APIRequestContext } from '@playwright/test';

// Max on a sell empties the position, whatever the unit and with trading costs on: it sends
// every held share. TRX (about $0.25, moved by no spec) makes a $100.14 holding of some 394
// shares with 8 decimals: 12 characters, past the amount field's old 10-character cut.

/** Opens the asset page's Sell tab and answers its form. */
async function sellPanel(page: Page, pair: string) {
  await page.goto(`/asset?pair=${pair}`);
  await page.getByRole('form', { name: /^Buy / }).getByRole('tab', { name: 'Sell' }).click();
  return page.getByRole('form', { name: /^Sell / });
}

async function sellsToZero(page: Page, request: APIRequestContext, user: TestUser) {
  const panel = page.getByRole('form', { name: /^Sell / });
  await panel.getByRole('button', { name: 'Max' }).click();
  const held = (await getUserViaApi(request, user)).assets.TRX ?? 0;
  // Every share, in shares, exactly as held: the field shows all 8 decimals.
  await expect(panel.getByRole('button', { name: 'TRX', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(panel.getByLabel('Amount')).toHaveValue(String(held));
  await panel.getByRole('button', { name: 'Sell TRX' }).click();
  await expect(page.getByRole('dialog', { name: 'Transaction Successful!' })).toBeVisible();
  expect((await getUserViaApi(request, user)).assets.TRX ?? 0).toBe(0);
}

test('Max on a sell in USD sells every share, leaving no dust', async ({ page, request, user }) => {
  await buyViaApi(request, user, 'TRX', 100.14);
  const panel = await sellPanel(page, 'trxusd');
  await expect(panel.getByRole('button', { name: 'USD', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await sellsToZero(page, request, user);
});

test('Max on a sell in shares fills every decimal past 10 characters and sells to zero', async ({
  page,
  request,
  user,
}) => {
  await buyViaApi(request, user, 'TRX', 100.14);
  const panel = await sellPanel(page, 'trxusd');
  await panel.getByRole('button', { name: 'TRX', exact: true }).click();
  await sellsToZero(page, request, user);
});

test('Max on a sell with trading costs on sells every share, not more than held', async ({
  page,
  request,
  user,
}) => {
  const saved = await request.put('/update-user', {
    headers: authHeaders(user),
    data: {
      key: 'settings',
      walletAddress: user.walletAddress,
      updates: { trading_fee_bps: 10, spread_bps: 10 },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await buyViaApi(request, user, 'TRX', 100.14);
  await sellPanel(page, 'trxusd');
  await sellsToZero(page, request, user);
});

test('a placed limit order keeps its limit price in the panel, not the market price', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/asset?pair=btcusd');
  const panel = page.getByRole('form', { name: /^Buy / });
  await panel
    .getByRole('group', { name: 'Order type' })
    .getByRole('button', { name: 'Limit', exact: true })
    .click();
  const limit = panel.getByLabel('Limit price');
  await limit.fill('1000');
  await panel.getByLabel('Amount').fill('50');
  await panel.getByRole('button', { name: 'Place limit buy' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Limit order placed' })).toBeVisible();
  await expect(limit).toHaveValue('1000');
  await expect(panel.getByText(/fills at the next price update/)).toHaveCount(0);
});

test('on the Sell tab every order method fits the desktop trade panel, each on one line', async ({
  page,
  user,
}) => {
  void user;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/asset?pair=btcusd');
  await page.getByRole('form', { name: /^Buy / }).getByRole('tab', { name: 'Sell' }).click();
  const panel = page.getByRole('form', { name: /^Sell / });
  const box = (await panel.boundingBox())!;
  const market = (await panel.getByRole('button', { name: 'Market', exact: true }).boundingBox())!;
  for (const name of ['Market', 'Limit', 'Stop', 'Stop-limit', 'Trailing stop', /OCO/]) {
    const button = panel
      .getByRole('group', { name: 'Order type' })
      .getByRole('button', { name, exact: typeof name === 'string' });
    const b = (await button.boundingBox())!;
    expect(b.x, `${String(name)} starts inside the panel`).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(b.x + b.width, `${String(name)} ends inside the panel`).toBeLessThanOrEqual(
      box.x + box.width + 0.5,
    );
    // One line: as tall as Market's button.
    expect(Math.round(b.height), `${String(name)} is on one line`).toBe(Math.round(market.height));
  }
});

test('Quick trade opens with the amount focused', async ({ page, user }) => {
  void user;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Quick trade' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Amount')).toBeFocused();
});
