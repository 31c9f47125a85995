import { buyViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

// Figures made from market prices grey out together while the prices are stale (the connection
// indicator marks the page with data-prices-stale; theme.ts greys every [data-price]).
test('stale prices grey the total balance and the unrealised P&L on /home', async ({
  page,
  request,
  user,
}) => {
  await skipOnboarding(page);
  await buyViaApi(request, user, 'BTC', 500);
  await page.goto('/home');
  const total = page.getByText('Total balance').locator('xpath=following-sibling::p[1]');
  const unrealised = page
    .getByRole('region', { name: 'Portfolio insight' })
    .getByText('Unrealised P&L')
    .locator('xpath=following-sibling::*[1]');
  await expect(total).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(unrealised).toHaveText(/\$/);
  await expect(total).toHaveCSS('opacity', '1');
  await page.evaluate(() => {
    document.documentElement.dataset.pricesStale = 'true';
  });
  await expect(total).toHaveCSS('opacity', '0.45');
  await expect(unrealised).toHaveCSS('opacity', '0.45');
});
