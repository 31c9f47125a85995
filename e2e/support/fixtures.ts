import { test as base } from '@playwright/test';
import { signUpViaApi, type TestUser } from './api.ts';
import { loginInBrowser } from './browser.ts';

/**
 * `user`: a brand-new account, already signed in in this test's browser context. Each test gets
 * its own, so no test depends on another and the suite runs in parallel.
 */
export const test = base.extend<{ user: TestUser }>({
  user: async ({ page, request }, use) => {
    const user = await signUpViaApi(request);
    await loginInBrowser(page, user);
    await use(user);
  },
});

export { expect } from '@playwright/test';
