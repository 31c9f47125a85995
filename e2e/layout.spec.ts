import { deleteNotificationsViaApi } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import type { Locator } from '@playwright/test';

test.use({ viewport: { width: 1280, height: 900 } });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box (not visible)`);
  return found;
}

test('the sidebar is 240px wide', async ({ page, user }) => {
  void user;
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  const sidebar = await box(nav);
  expect(sidebar.x).toBe(0);
  // The drawer's 1px right border sits inside its 240px; the page starts right after it.
  expect(sidebar.width).toBeGreaterThanOrEqual(239);
  expect(sidebar.width).toBeLessThanOrEqual(240);
  expect((await box(page.getByRole('banner'))).x).toBe(240);
  expect((await box(page.getByRole('main'))).x).toBe(240);
});

test('at tablet width the sidebar hides and the notification bell shows', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/home');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: /^Notifications, 1 unread/ })).toBeVisible();
});

test('each sidebar nav item is 170px wide, in the order of docs/pages.md (Shell)', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/home');
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(links).toHaveText([
    'Home',
    'Portfolio',
    'Assets',
    'Explore',
    'Leaderboard',
    'Contests',
    'Learn',
  ]);
  for (const link of await links.all()) expect((await box(link)).width).toBe(170);
});

test('the sidebar highlights the link of the current page', async ({ page, user }) => {
  void user;
  await page.goto('/assets');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const current = nav.getByRole('link', { name: 'Assets' });
  const other = nav.getByRole('link', { name: 'Explore' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect(other).not.toHaveAttribute('aria-current', /.*/);
  const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background(current)).not.toBe(await background(other));

  await other.click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(other).toHaveAttribute('aria-current', 'page');
  await expect(current).not.toHaveAttribute('aria-current', /.*/);
});

test('the account menu is 300px wide with the desktop entries', async ({ page, user }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  await expect(menu).toBeVisible();
  // Measured once the menu's opening animation (a scale transform) has ended.
  await expect.poll(async () => (await box(menu)).width).toBe(300);
  await expect(menu).toContainText(user.username);
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Account',
    'Watchlist',
    'Transactions',
    'Contests',
    'Learn',
    /^Notifications/,
    'Logout',
  ]);
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Dark mode' })).toBeVisible();
});

test('desktop shows the unread count on the avatar, and the account menu leads to Notifications', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/home');
  const avatar = page.getByRole('button', { name: 'Account menu' });
  await expect(avatar).toHaveAccessibleDescription('1 unread notifications');
  await expect(avatar.locator('.MuiBadge-badge')).toHaveText('1');
  await avatar.click();
  await page.getByRole('menuitem', { name: /^Notifications/ }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(avatar.locator('.MuiBadge-badge')).toBeHidden();
});

test('the notification menu is 350px wide and lists the welcome notification', async ({
  page,
  user,
}) => {
  void user;
  // The bell shows at tablet width and below.
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/home');
  await page.getByRole('button', { name: /^Notifications, 1 unread/ }).click();
  const menu = page.getByRole('dialog', { name: 'Notifications' });
  await expect(menu).toBeVisible();
  // Measured once the menu's opening animation (a scale transform) has ended.
  await expect.poll(async () => (await box(menu)).width).toBe(350);
  await expect(menu.getByRole('listitem')).toHaveCount(1);
  await expect(menu).toContainText('Welcome to PaperTrade!');
});

test('deleting the only notification in the menu leaves it empty', async ({ page, user }) => {
  void user;
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/home');
  await page.getByRole('button', { name: /^Notifications, 1 unread/ }).click();
  const menu = page.getByRole('dialog', { name: 'Notifications' });
  await menu.getByRole('button', { name: 'Delete notification' }).click();
  await expect(menu.getByText('No notifications', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: /^Notifications, 0 unread/ })).toBeVisible();
});

test('the notification menu of a user without notifications says No notifications', async ({
  page,
  request,
  user,
}) => {
  await deleteNotificationsViaApi(request, user);
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/home');
  await page.getByRole('button', { name: /^Notifications, 0 unread/ }).click();
  const menu = page.getByRole('dialog', { name: 'Notifications' });
  await expect(menu.getByText('No notifications', { exact: true })).toBeVisible();
  await expect(menu.getByRole('listitem')).toHaveCount(0);
});

test('notification text stops before its action buttons at phone width (home card and /notifications)', async ({
  page,
  user,
}) => {
  void user;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('onboarding_done', 'true'));
  for (const [path, list] of [
    ['/home', page.getByRole('list', { name: 'Latest notifications' })],
    ['/notifications', page.getByRole('list', { name: 'Notifications' })],
  ] as const) {
    await page.goto(path);
    const item = list.getByRole('listitem').first();
    await expect(item).toContainText('Welcome to PaperTrade!');
    const text = await box(item.locator('.MuiListItemText-root'));
    for (const name of ['Mark as read', 'Delete notification']) {
      const button = await box(item.getByRole('button', { name }));
      expect(text.x + text.width, `${path}: text runs under ${name}`).toBeLessThanOrEqual(button.x);
    }
  }
});

test('on desktop Ctrl+K opens the asset search, Escape closes it, and picking an asset opens its page', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const search = page.getByRole('dialog', { name: 'Search assets' });
  await page.keyboard.press('Control+k');
  await expect(search).toBeVisible();
  await expect(search.getByRole('textbox', { name: 'Search assets' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: 'Search assets' }).click();
  await search.getByRole('textbox', { name: 'Search assets' }).fill('sol');
  await search.getByRole('button', { name: /Solana/ }).click();
  await expect(page).toHaveURL(/\/asset\?pair=solusd$/);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the sidebar's background reaches the bottom of the window on a long page scrolled to its end (${colorScheme})`, async ({
    page,
    user,
  }) => {
    void user;
    await page.emulateMedia({ colorScheme });
    // A short window makes the page several screens long.
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.goto('/learn');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeGreaterThan(480 * 2);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The lowest point of the sidebar's column is still the sidebar, painted with its own background.
    const bottom = await page.evaluate(() => {
      const hit = document.elementFromPoint(120, window.innerHeight - 2);
      const nav = document.querySelector('nav[aria-label="Main"]');
      let paint: Element | null = hit;
      while (paint && getComputedStyle(paint).backgroundColor === 'rgba(0, 0, 0, 0)')
        paint = paint.parentElement;
      const navPaper = nav?.closest('.MuiDrawer-paper') ?? nav;
      return {
        inSidebar: Boolean(hit && navPaper?.contains(hit)),
        background: paint ? getComputedStyle(paint).backgroundColor : null,
        sidebarBackground: navPaper ? getComputedStyle(navPaper).backgroundColor : null,
      };
    });
    expect(bottom.inSidebar).toBe(true);
    expect(bottom.background).toBe(bottom.sidebarBackground);
    expect(bottom.background).not.toBe('rgba(0, 0, 0, 0)');
  });
}
