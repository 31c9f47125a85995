import { buyViaApi, getUserViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';
import { formatUsd, STARTING_BALANCE_USD } from '@papertrade/domain';

/** The asset page's trade panel: a form named after the order ('Buy Bitcoin' / 'Sell Bitcoin'). */
function tradePanel(page: Page, side: 'Buy' | 'Sell' = 'Buy') {
  return page.getByRole('form', { name: `${side} Bitcoin` });
}

test('a USD market buy of BTC through the trade panel shows the success dialog and the transaction', async ({
  page,
  user,
}) => {
  await page.goto('/asset?pair=btcusd');
  const panel = tradePanel(page);
  const amount = panel.getByLabel('Amount');
  await amount.fill('250');
  await panel.getByRole('button', { name: /^Buy/ }).click();

  const success = page.getByRole('dialog', { name: 'Transaction Successful!' });
  await expect(success).toBeVisible();
  await expect(success.getByRole('row', { name: /Symbol/ })).toContainText('BTC');
  await expect(success.getByRole('row', { name: /Total/ })).toContainText('$250');

  await success.getByRole('button', { name: 'View details' }).click();
  await expect(page).toHaveURL(/\/transaction\?id=[^&]+$/);
  const id = new URL(page.url()).searchParams.get('id') ?? '';
  const details = page.getByRole('table', { name: 'Transaction details' });
  await expect(details.getByRole('row', { name: /Transaction id/ })).toContainText(id);
  await expect(details.getByRole('row', { name: /Type/ })).toContainText('Purchase');
  await expect(details.getByRole('row', { name: /Asset/ })).toContainText('BTC');

  const after = await getUserViaApi(page.request, user);
  expect(after.balance).toBe(STARTING_BALANCE_USD - 250);
  expect(after.assets.BTC).toBeGreaterThan(0);
});

test('a market sell of all held BTC with Max succeeds', async ({ page, request, user }) => {
  await buyViaApi(request, user, 'BTC', 1000);
  await page.goto('/asset?pair=btcusd');
  await tradePanel(page).getByRole('tab', { name: 'Sell' }).click();
  const panel = tradePanel(page, 'Sell');
  // Max in shares sells exactly what is held; Max in USD would race the moving price.
  await panel.getByRole('button', { name: 'BTC', exact: true }).click();
  await panel.getByRole('button', { name: 'Max' }).click();
  await expect(panel.getByLabel('Amount')).toHaveValue(/^\d+(\.\d+)?$/);
  await panel.getByRole('button', { name: /^Sell/ }).click();

  const success = page.getByRole('dialog', { name: 'Transaction Successful!' });
  await expect(success).toBeVisible();
  await expect(success.getByRole('row', { name: /Type/ })).toContainText('Sell');
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toBeHidden();
  // docs/pages.md, Trade panel: on success the amount clears.
  await expect(panel.getByLabel('Amount')).toHaveValue('');
  await expect
    .poll(async () => (await getUserViaApi(request, user)).assets.BTC ?? 0)
    .toBeLessThan(1e-7);
});

test('an order over the buying power shows the server error under the amount', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/asset?pair=btcusd');
  const panel = tradePanel(page);
  const amount = panel.getByLabel('Amount');
  await amount.fill('1000000');
  const buy = panel.getByRole('button', { name: /^Buy/ });
  await buy.click();
  await expect(panel.getByText(/^Insufficient funds/)).toBeVisible();
  // "Under the amount": the message is the field's own description, read out with it.
  await expect(amount).toHaveAccessibleDescription(
    new RegExp(`^Insufficient funds.*${formatUsd(STARTING_BALANCE_USD).replace(/[$.]/g, '\\$&')}`),
  );
  await expect(buy).toBeEnabled();
  await expect(amount).toHaveValue('1000000');
});

test('the amount input rejects letters and keeps at most 10 characters', async ({ page, user }) => {
  void user;
  await page.goto('/asset?pair=btcusd');
  const amount = tradePanel(page).getByLabel('Amount');
  await expect(amount).toHaveAttribute('placeholder', '0');
  await amount.pressSequentially('abc');
  await expect(amount).toHaveValue('');
  await amount.pressSequentially('1x2e3.4-5');
  await expect(amount).toHaveValue('123.45');
  // A pasted "-5" or "1e5" is refused whole rather than turned into another amount.
  await amount.fill('-5');
  await expect(amount).toHaveValue('123.45');
  await amount.fill('1e5');
  await expect(amount).toHaveValue('123.45');
  await amount.fill('');
  await amount.pressSequentially('123456789012345');
  await expect(amount).toHaveValue('1234567890');
});

test('the quick-trade dialog from the header buys the asset picked in it', async ({
  page,
  user,
}) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Quick trade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Bitcoin' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: /^Choose asset/ }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an asset' });
  await picker.getByRole('textbox', { name: 'Search assets' }).fill('ethereum');
  await picker.getByRole('button', { name: /Ethereum ETH\b/ }).click();
  await expect(picker).toBeHidden();

  const trade = page.getByRole('dialog', { name: 'Buy Ethereum' });
  await expect(trade.getByRole('button', { name: /^Choose asset: Ethereum/ })).toBeVisible();
  await trade.getByLabel('Amount').fill('50');
  await trade.getByRole('button', { name: /^Buy/ }).click();
  await expect(page.getByRole('dialog', { name: 'Transaction Successful!' })).toBeVisible();
  await expect
    .poll(async () => (await getUserViaApi(page.request, user)).assets.ETH ?? 0)
    .toBeGreaterThan(0);
});

test('the holding card colours its gain as it reads: green up, red down, grey at 0.00%', async ({
  page,
  request,
  user,
}) => {
  await buyViaApi(request, user, 'BTC', 1000);
  await page.goto('/asset?pair=btcusd');
  const card = page.getByRole('region', { name: 'Your holding' });
  const label = card.getByText('Gain', { exact: true });
  const gain = label.locator('xpath=following-sibling::*[1]');
  await expect(gain).toHaveText(/%$/);
  // The price ticks every second, so read the text and its colour together.
  const { text, color, labelColor } = await gain.evaluate((el) => ({
    text: el.textContent ?? '',
    color: getComputedStyle(el).color,
    labelColor: getComputedStyle(el.previousElementSibling as Element).color,
  }));
  const [r = 0, g = 0] = (color.match(/\d+/g) ?? []).map(Number);
  if (text === '0.00%') expect(color, text).toBe(labelColor);
  else if (text.startsWith('+')) expect(g, `${text} in ${color}`).toBeGreaterThan(r);
  else expect(r, `${text} in ${color}`).toBeGreaterThan(g);
});

test('amounts read in full: a $10 BTC buy previews its BTC digits, the total is to the cent, the holding shows every digit', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/asset?pair=btcusd');
  const panel = tradePanel(page);
  await panel.getByLabel('Amount').fill('10');
  // About 0.0001 BTC: never "≈ 0.00 BTC". Up to 8 decimals; fewer only when the last ones are zeros
  // (a price that makes $10 buy 0.00010520 BTC reads 0.0001052), so the count is 5 to 8.
  await expect(panel.getByText(/^≈ 0\.\d{5,8} BTC$/)).toBeVisible();
  await panel.getByRole('button', { name: /^Buy/ }).click();
  const success = page.getByRole('dialog', { name: 'Transaction Successful!' });
  await expect(success.getByRole('row', { name: /Total/ })).toHaveText(/Total\s*\$10\.00$/);
  await success.getByRole('button', { name: 'Close' }).click();
  const holding = page.getByRole('region', { name: 'Your holding' });
  await expect(holding.getByText(/^0\.\d{5,8} BTC$/)).toBeVisible();
});
