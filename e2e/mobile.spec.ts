import { STARTING_BALANCE_USD } from '@papertrade/domain';
import { buyViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('the bottom navigation has exactly Watchlist, Assets, Home, Explore, Account in that order', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/home');
  const links = page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link');
  await expect(links).toHaveText(['Watchlist', 'Assets', 'Home', 'Explore', 'Account']);
  await expect(links.nth(2)).toHaveAttribute('aria-current', 'page');
  await links.nth(1).click();
  await expect(page).toHaveURL(/\/assets$/);
  await expect(links.nth(1)).toHaveAttribute('aria-current', 'page');
});

test('the sidebar is hidden on mobile', async ({ page, user }) => {
  void user;
  await page.goto('/home');
  await expect(page.getByRole('navigation', { name: 'Bottom navigation' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Leaderboard' })).toBeHidden();
});

test('the Trade button on /asset offers only Buy BTC without holdings and Buy opens the full-screen form', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/asset?pair=btcusd');
  await page.getByRole('button', { name: 'Trade', exact: true }).click();
  // The sheet's choices carry the price or holding after the label ('Buy BTC $94,932.92').
  const buy = page.getByRole('button', { name: /^Buy BTC \$/ });
  await expect(buy).toBeVisible();
  await expect(buy).toContainText(/\$[\d,]+\.\d{2}/);
  await expect(page.getByRole('button', { name: /^Sell BTC/ })).toHaveCount(0);

  await buy.click();
  const form = page.getByRole('dialog', { name: 'Buy Bitcoin' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Buy Bitcoin' })).toBeVisible();
  // Full screen: the form covers the whole viewport.
  expect(await form.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  await expect(buy).toBeHidden();
});

test('the Trade sheet offers Sell BTC once the user holds BTC', async ({ page, request, user }) => {
  await buyViaApi(request, user, 'BTC', 500);
  await page.goto('/asset?pair=btcusd');
  await page.getByRole('button', { name: 'Trade', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Buy BTC \$/ })).toBeVisible();
  const sell = page.getByRole('button', { name: /^Sell BTC/ });
  await expect(sell).toContainText(/BTC held/);
  await sell.click();
  await expect(page.getByRole('dialog', { name: 'Sell Bitcoin' })).toBeVisible();
});

test('the header shows the balance with 2 decimals after scrolling 100px', async ({
  page,
  request,
  user,
}) => {
  // A new account has no page taller than the phone, so a transaction list makes one.
  for (let i = 0; i < 14; i += 1) await buyViaApi(request, user, 'BTC', 10);
  await page.goto('/all-transactions');
  const banner = page.getByRole('banner');
  await expect(page.getByRole('link', { name: /BTC/ })).toHaveCount(14);
  const balance = banner.getByText(/^\$[\d,]+\.\d{2}$/);
  await expect(balance).toBeHidden();

  await page.mouse.wheel(0, 150);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(100);
  await expect(balance).toBeVisible();
  await expect(balance).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  // Cash plus $140 of BTC at a price that moves every second: close to the starting balance.
  const total = Number((await balance.textContent())?.replace(/[$,]/g, ''));
  expect(Math.abs(total - STARTING_BALANCE_USD)).toBeLessThan(100);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(balance).toBeHidden();
});

test('no page scrolls sideways at 390px and the Buy button and star of an assets row are fully on screen', async ({
  page,
  user,
}) => {
  await buyViaApi(page.request, user, 'BTC', 100);
  for (const path of [
    '/home',
    '/assets',
    '/leaderboard',
    '/order',
    '/all-transactions',
    '/watchlist',
    '/explore',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Bottom navigation' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBe(0);
  }
  await page.goto('/assets');
  const buy = page.getByRole('button', { name: 'Buy BTC' });
  await expect(buy).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Add ETH to watchlist' })).toBeInViewport({
    ratio: 1,
  });
});

test('the phone asset search closes with its back arrow and with Back, and Back from a picked asset returns to the page', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/explore');
  const search = page.getByRole('dialog', { name: 'Search assets' });
  const open = page.getByRole('button', { name: 'Search assets' });

  await open.click();
  await expect(search).toBeVisible();
  await search.getByRole('button', { name: 'Close search' }).click();
  await expect(search).toBeHidden();
  await expect(page).toHaveURL(/\/explore$/);

  await open.click();
  await expect(search).toBeVisible();
  await page.goBack();
  await expect(search).toBeHidden();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('navigation', { name: 'Bottom navigation' })).toBeVisible();

  await open.click();
  await search.getByRole('textbox', { name: 'Search assets' }).fill('ethereum');
  await search.getByRole('button', { name: /^Ethereum ETH/ }).click();
  await expect(page).toHaveURL(/\/asset\?pair=ethusd$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(search).toBeHidden();
});

test('a phone trade from the Trade sheet ends back on the asset page with the Trade button free', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/asset?pair=btcusd');
  const trade = page.getByRole('button', { name: 'Trade', exact: true });
  await trade.click();
  await page.getByRole('button', { name: /^Buy BTC \$/ }).click();
  const form = page.getByRole('dialog', { name: 'Buy Bitcoin' });
  await form.getByLabel('Amount').fill('50');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  const success = page.getByRole('dialog', { name: 'Transaction Successful!' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toBeHidden();
  await expect(form).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your holding' })).toBeVisible();
  // Nothing (a toast included) lies over the Trade button: a tap at its centre reaches it.
  await expect(trade).toBeVisible();
  const box = await trade.boundingBox();
  if (!box) throw new Error('no Trade button box');
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? '',
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop).toContain('Trade');
  for (const alert of await page.getByRole('alert').all()) {
    const a = await alert.boundingBox();
    if (a)
      expect(
        a.y + a.height <= box.y || a.y >= box.y + box.height,
        'a toast overlaps the Trade button',
      ).toBe(true);
  }
});
