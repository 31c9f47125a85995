import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support/api.ts';
import { expectNoSevereAxe } from './support/axe.ts';
import { loginInBrowser } from './support/browser.ts';

interface Screen {
  path: string;
  signedIn: boolean;
  /** Waits until the screen shows its content, not a skeleton, so axe checks what users see. */
  ready: (page: Page) => Promise<void>;
}

const screens: Screen[] = [
  {
    path: '/',
    signedIn: false,
    ready: (page) => expect(page.getByRole('link', { name: 'Sign up' }).first()).toBeVisible(),
  },
  {
    path: '/login',
    signedIn: false,
    ready: (page) => expect(page.getByRole('button', { name: 'Log in' })).toBeVisible(),
  },
  {
    path: '/sign-up',
    signedIn: false,
    ready: (page) => expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible(),
  },
  {
    path: '/home',
    signedIn: true,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible(),
  },
  {
    path: '/assets',
    signedIn: true,
    ready: (page) => expect(page.getByRole('button', { name: 'Buy BTC' })).toBeVisible(),
  },
  {
    path: '/asset?pair=btcusd',
    signedIn: true,
    ready: (page) =>
      expect(page.getByRole('form', { name: 'Buy Bitcoin' }).getByLabel('Amount')).toBeVisible(),
  },
];

for (const mode of ['light', 'dark'] as const) {
  for (const screen of screens) {
    test(`${screen.path} has no serious or critical axe violation in ${mode} mode`, async ({
      page,
      request,
    }) => {
      await page.addInitScript((stored) => localStorage.setItem('theme_mode', stored), mode);
      if (screen.signedIn) await loginInBrowser(page, await signUpViaApi(request));
      await page.goto(screen.path);
      await screen.ready(page);

      await expectNoSevereAxe(page, `${screen.path} (${mode})`);
    });
  }
}
