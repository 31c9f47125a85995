import { STARTING_BALANCE_USD } from '@papertrade/domain';
import { getUserViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Realistic costs (decision 013): "Typical exchange" in /account, then a $1,000 BTC buy shows the fee
 * in the trade panel's review, in the success dialog and on the transaction page.
 */
test('choosing Typical exchange in /account charges a 0.1 % fee that the review, the dialog and the transaction page show', async ({
  page,
  user,
}) => {
  await page.goto('/account');
  const costs = page.getByRole('region', { name: 'Trading costs' });
  await costs.getByRole('radio', { name: /Typical exchange/ }).check();
  await expect(costs.getByText('Trading costs saved.')).toBeVisible();

  // A buy of $1,000 spends exactly $1,000 at whatever price the market ticks to; its fee is $1.00.
  await page.goto('/asset?pair=btcusd');
  const panel = page.getByRole('form', { name: 'Buy Bitcoin' });
  await panel.getByLabel('Amount').fill('1000');
  const review = panel.getByRole('group', { name: 'Trading costs' });
  await expect(review).toContainText('Fee$1.00');
  await expect(review).toContainText('Total cost with fee$1,001.00');
  await panel.getByRole('button', { name: /^Buy/ }).click();

  const success = page.getByRole('dialog', { name: 'Transaction Successful!' });
  await expect(success.getByRole('row', { name: /Fee/ })).toContainText('$1.00');
  await success.getByRole('button', { name: 'View details' }).click();
  const details = page.getByRole('table', { name: 'Transaction details' });
  await expect(details.getByRole('row', { name: /^Fee/ })).toContainText('$1.00');
  await expect(details.getByRole('row', { name: /Paid with fee/ })).toContainText('$1,001.00');
  expect((await getUserViaApi(page.request, user)).balance).toBe(STARTING_BALANCE_USD - 1_001);
});
