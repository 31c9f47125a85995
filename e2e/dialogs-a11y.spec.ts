import {
  checkPopup,
  startInLightMode,
  switchToDark,
  type ThemeMode,
} from './support/dialog-helpers.ts';
import { test } from './support/fixtures.ts';
import { skipOnboarding } from './support/pages-helpers.ts';
import type { Page } from '@playwright/test';

// The pages themselves are checked by a11y.spec.ts and pages.spec.ts; these tests open each
// dialog and menu, because axe only sees what is in the DOM when it runs.

const MODES: ThemeMode[] = ['light', 'dark'];
const DESKTOP = { width: 1280, height: 900 };
const TABLET = { width: 768, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Left out until the app defect named here (reported to the lead) is fixed. */
const appDefect = (description: string) => ({ annotation: { type: 'issue', description } });

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

test.describe('at desktop width', () => {
  test.use({ viewport: DESKTOP });

  test.fixme(
    'the account menu',
    appDefect(
      'AccountMenu: the user header <Box> in role=menu gets focus and fails aria-required-children; the Dark mode item nests a Switch (nested-interactive)',
    ),
    async ({ page, user }) => {
      void user;
      await inBothModes(page, '/home', (mode) =>
        checkPopup(page, {
          what: 'the account menu',
          mode,
          trigger: page.getByRole('button', { name: 'Account menu' }),
          popup: page.getByRole('menu', { name: 'Account menu' }),
        }),
      );
    },
  );

  test('the quick-trade dialog', async ({ page, user }) => {
    void user;
    await inBothModes(page, '/home', (mode) =>
      checkPopup(page, {
        what: 'the quick-trade dialog',
        mode,
        trigger: page.getByRole('button', { name: 'Quick trade' }),
        popup: page.getByRole('dialog', { name: 'Buy Bitcoin' }),
      }),
    );
  });

  test.fixme(
    'the success dialog after a market buy',
    appDefect(
      'SuccessDialog: closing it drops focus to <body>; the Buy button that opened it is disabled by then',
    ),
    async ({ page, user }) => {
      void user;
      const panel = page.getByRole('form', { name: 'Buy Bitcoin' });
      await inBothModes(page, '/asset?pair=btcusd', async (mode) => {
        await panel.getByLabel('Amount').fill('25');
        await checkPopup(page, {
          what: 'the success dialog',
          mode,
          trigger: panel.getByRole('button', { name: 'Buy BTC' }),
          popup: page.getByRole('dialog', { name: 'Transaction Successful!' }),
        });
      });
    },
  );

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

  test('the notification menu with the welcome notification', async ({ page, user }) => {
    void user;
    // Sign-up leaves the welcome notification, so the bell counts at least one unread.
    await inBothModes(page, '/home', (mode) =>
      checkPopup(page, {
        what: 'the notification menu',
        mode,
        trigger: page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }),
        popup: page.getByRole('dialog', { name: 'Notifications' }),
      }),
    );
  });
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test.fixme(
    'the asset search dialog',
    appDefect(
      'AssetSearchDialog: axe list (serious), <ul aria-label="Assets"> has <div> children, not <li>',
    ),
    async ({ page, user }) => {
      void user;
      await inBothModes(page, '/home', (mode) =>
        checkPopup(page, {
          what: 'the asset search dialog',
          mode,
          trigger: page.getByRole('button', { name: 'Search assets' }),
          popup: page.getByRole('dialog', { name: 'Search assets' }),
        }),
      );
    },
  );

  test.fixme(
    'the mobile Trade sheet on the asset page',
    appDefect(
      "MobileTradeBar: axe list (serious), the sheet's <ul> has ListItemButton (div role=button) children, not <li>",
    ),
    async ({ page, user }) => {
      void user;
      await inBothModes(page, '/asset?pair=btcusd', (mode) =>
        checkPopup(page, {
          what: 'the Trade sheet',
          mode,
          trigger: page.getByRole('button', { name: 'Trade', exact: true }),
          popup: page.getByLabel('Trade BTC'),
        }),
      );
    },
  );

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
