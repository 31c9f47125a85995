import {
  checkPopup,
  startInLightMode,
  switchToDark,
  type ThemeMode,
} from './support/dialog-helpers.ts';
import { expect, test } from './support/fixtures.ts';
import { skipOnboarding } from './support/pages-helpers.ts';
import type { Locator, Page } from '@playwright/test';

// The pages themselves are checked by a11y.spec.ts and pages.spec.ts; these tests open each
// dialog and menu, because axe only sees what is in the DOM when it runs.

const MODES: ThemeMode[] = ['light', 'dark'];
const DESKTOP = { width: 1280, height: 900 };
const TABLET = { width: 768, height: 900 };
const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
  await startInLightMode(page);
});

/** Opens `path`, then runs `check` once in light mode and once, after a reload, in dark mode. */
async function inBothModes(page: Page, path: string, check: (mode: ThemeMode) => Promise<void>) {
  await page.goto(path);
  for (const mode of MODES) {
    if (mode === 'dark') await switchToDark(page);
    await check(mode);
  }
}

/**
 * A signed-in test named `what` that opens `path` and checks the popup `locate` finds with its
 * trigger, in both modes.
 */
function popupTest(
  what: string,
  path: string,
  locate: (page: Page) => { trigger: Locator; popup: Locator },
) {
  test(what, async ({ page, user }) => {
    void user;
    const { trigger, popup } = locate(page);
    await inBothModes(page, path, (mode) => checkPopup(page, { what, mode, trigger, popup }));
  });
}

test.describe('at desktop width', () => {
  test.use({ viewport: DESKTOP });

  test('the account menu', async ({ page, user }) => {
    void user;
    const menu = page.getByRole('menu', { name: 'Account menu' });
    await inBothModes(page, '/home', async (mode) => {
      await checkPopup(page, {
        what: 'the account menu',
        mode,
        trigger: page.getByRole('button', { name: 'Account menu' }),
        popup: menu,
      });
      // Focus starts on the first item, not on the user header, and the arrow keys move it.
      await page.getByRole('button', { name: 'Account menu' }).press('Enter');
      await expect(menu.getByRole('menuitem', { name: 'Account', exact: true })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Watchlist' })).toBeFocused();
      await page.keyboard.press('Escape');
    });
  });

  popupTest('the quick-trade dialog', '/home', (page) => ({
    trigger: page.getByRole('button', { name: 'Quick trade' }),
    popup: page.getByRole('dialog', { name: 'Buy Bitcoin' }),
  }));

  test('the success dialog after a market buy', async ({ page, user }) => {
    void user;
    const panel = page.getByRole('form', { name: 'Buy Bitcoin' });
    const amount = panel.getByLabel('Amount');
    await inBothModes(page, '/asset?pair=btcusd', async (mode) => {
      await amount.fill('25');
      // The fill clears the amount, which disables the Buy button: focus goes to the amount.
      await checkPopup(page, {
        what: 'the success dialog',
        mode,
        trigger: panel.getByRole('button', { name: 'Buy BTC' }),
        popup: page.getByRole('dialog', { name: 'Transaction Successful!' }),
        returnTo: amount,
      });
    });
  });

  test("the account page's dialogs: reset account, change e-mail, change password, delete account", async ({
    page,
    user,
  }) => {
    void user;
    // Eight dialog checks on one page load: cheaper than four users, but long on a busy machine.
    test.slow();
    await inBothModes(page, '/account', async (mode) => {
      for (const name of ['Reset account', 'Change e-mail', 'Change password', 'Delete account']) {
        const dialog = page.getByRole('dialog', { name });
        // Escape closes each in light mode; Cancel, pressed from the keyboard, in dark mode.
        await checkPopup(page, {
          what: `the ${name} dialog`,
          mode,
          trigger: page.getByRole('button', { name, exact: true }),
          popup: dialog,
          closeWith: mode === 'dark' ? dialog.getByRole('button', { name: 'Cancel' }) : undefined,
        });
      }
    });
  });
});

test.describe('at tablet width', () => {
  test.use({ viewport: TABLET });

  // Sign-up leaves the welcome notification, so the bell counts at least one unread.
  popupTest('the notification menu with the welcome notification', '/home', (page) => ({
    trigger: page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }),
    popup: page.getByRole('dialog', { name: 'Notifications' }),
  }));
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  popupTest('the asset search dialog', '/home', (page) => ({
    trigger: page.getByRole('button', { name: 'Search assets' }),
    popup: page.getByRole('dialog', { name: 'Search assets' }),
  }));

  popupTest('the mobile Trade sheet on the asset page', '/asset?pair=btcusd', (page) => ({
    trigger: page.getByRole('button', { name: 'Trade', exact: true }),
    popup: page.getByRole('dialog', { name: 'Trade BTC' }),
  }));

  test('the full-screen trade form from the mobile Trade sheet', async ({ page, user }) => {
    void user;
    const sheetButton = page.getByRole('button', { name: 'Trade', exact: true });
    await inBothModes(page, '/asset?pair=btcusd', async (mode) => {
      await sheetButton.focus();
      await page.keyboard.press('Enter');
      // The sheet's Buy choice closes the sheet as it opens the form, so focus goes back to
      // the Trade button, the one trigger still on the page.
      await checkPopup(page, {
        what: 'the full-screen trade form',
        mode,
        trigger: page.getByRole('button', { name: /^Buy BTC \$/ }),
        popup: page.getByRole('dialog', { name: 'Buy Bitcoin' }),
        returnTo: sheetButton,
      });
    });
  });
});
