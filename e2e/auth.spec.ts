import { expect, test } from '@playwright/test';
import { newCredentials, signUpViaApi } from './support/api.ts';
import { loginInBrowser, loginThroughForm } from './support/browser.ts';
import { latestMailTo } from './support/outbox.ts';

test('sign up through the sign-up form lands on /home', async ({ page }) => {
  const person = newCredentials();
  await page.goto('/sign-up');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('the verification mail of a sign-up verifies the e-mail address', async ({
  page,
  request,
}) => {
  const user = await signUpViaApi(request);
  await expect
    .poll(async () => (await latestMailTo(user.email))?.subject)
    .toBe('Confirm your e-mail address');
  const link = (await latestMailTo(user.email))?.link;
  expect(link).toMatch(/\/verify-email\?token=/);
  const { pathname, search } = new URL(link ?? '');
  await page.goto(pathname + search);
  await expect(page.getByText(`Your e-mail address ${user.email} is verified`)).toBeVisible();
});

test('login through the login form lands on /home', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await loginThroughForm(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('logout lands on /login and /home then redirects to /login', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await loginInBrowser(page, user);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?next=%2Fhome$/);
  // The token itself is dead, not only the cookie.
  const session = await request.get('/auth/session', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(session.status()).toBe(401);
});

test('a wrong password shows the login error and stays on /login', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(`${user.password}-wrong`);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
});

for (const path of ['/home', '/assets', '/asset?pair=btcusd', '/account']) {
  test(`a visitor on ${path} goes to /login, which keeps where to come back to`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });
}

for (const path of ['/login', '/sign-up', '/forgot-password']) {
  test(`a signed-in user on ${path} goes to /home`, async ({ page, request }) => {
    await loginInBrowser(page, await signUpViaApi(request));
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });
}

test('/verify-email renders for a visitor', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('heading', { name: 'Verify e-mail' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('verification link is incomplete');
});

test('/icons renders for a visitor', async ({ page }) => {
  await page.goto('/icons');
  await expect(page).toHaveURL(/\/icons$/);
  const icons = page.getByRole('list', { name: 'Icons' }).getByRole('listitem');
  await expect(icons).toHaveCount(12);
  // docs/product.md, Constants, names the icons in use; the gallery's order is not part of it.
  const names = (await icons.allTextContents()).map((t) => t.trim()).sort();
  expect(names).toEqual(
    [
      'trade',
      'home',
      'watchlist',
      'learn',
      'receipt',
      'settings',
      'logout',
      'notification',
      'trophy',
      'explore',
      'search',
      'menu',
    ].sort(),
  );
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/no-such-page$/);
});
