import { authHeaders, buyViaApi, newCredentials } from './support/api.ts';
import { loginThroughForm } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import { skipOnboarding, TINY_PNG, waitForMail } from './support/pages-helpers.ts';

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
});

test('an uploaded avatar shows in the header', async ({ page, user }) => {
  expect(user.walletAddress).toBeTruthy();
  await page.goto('/account');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload avatar' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  const headerAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(headerAvatar).toHaveAttribute('src', /\/uploads\//);
  await expect(page.getByRole('img', { name: 'Your avatar' })).toHaveAttribute(
    'src',
    /\/uploads\//,
  );
});

test('a text file renamed .png is rejected with a clear error', async ({ page, user }) => {
  expect(user.walletAddress).toBeTruthy();
  await page.goto('/account');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload avatar' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just some text, not a picture'),
  });
  await expect(page.getByRole('alert')).toContainText(/PNG|JPEG|WebP|image/i);
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveCount(0);
});

test('a 3 MB image is rejected with a clear error', async ({ page, user }) => {
  expect(user.walletAddress).toBeTruthy();
  await page.goto('/account');
  const big = Buffer.concat([TINY_PNG, Buffer.alloc(3 * 1024 * 1024)]);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload avatar' }).click();
  await (await chooser).setFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByRole('alert')).toContainText('larger than 2 MB');
});

test('change password, then log in with the new one', async ({ page, user }) => {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  // The current password is asked first, then the new one (keyboard order as read).
  await expect(dialog.locator('input').first()).toHaveAccessibleName(/^Current password/);
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByLabel('Current password').press('Tab');
  await expect(dialog.getByLabel('New password')).toBeFocused();
  await dialog.getByLabel('New password').fill('a-brand-new-secret');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toContainText('Your password was changed');
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, { email: user.email, password: 'a-brand-new-secret' });
});

test('a wrong current password is refused when changing the password', async ({ page, user }) => {
  expect(user.walletAddress).toBeTruthy();
  await page.goto('/account');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('New password').fill('a-brand-new-secret');
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
});

test('forgot password through the outbox mail to a successful login', async ({
  browser,
  request,
}) => {
  const credentials = newCredentials();
  expect((await request.post('/auth/sign-up', { data: credentials })).status()).toBe(201);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toContainText('If an account exists for that e-mail');
  const mail = await waitForMail(credentials.email, 'Reset your password');
  const { pathname, search } = new URL(mail.link ?? '');
  await page.goto(pathname + search);
  await page.getByLabel('New password').fill('recovered-secret-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByRole('link', { name: 'Log in' }).click();
  await loginThroughForm(page, { email: credentials.email, password: 'recovered-secret-1' });
  await context.close();
});

test('reset the account to $10,000 and see the archived history', async ({
  page,
  request,
  user,
}) => {
  await buyViaApi(request, user, 'BTC', 500);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Reset account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset account' });
  await dialog.getByRole('radio', { name: '$10,000' }).check();
  await dialog.getByRole('button', { name: 'Confirm reset' }).click();
  await expect(page.getByRole('alert')).toContainText('reset to $10,000.00');
  const session = await request.get('/auth/session', { headers: authHeaders(user) });
  const { user: after } = (await session.json()) as { user: { balance: number; assets: object } };
  expect(after.balance).toBe(10_000);
  expect(after.assets).toEqual({});
  await page.getByRole('link', { name: 'archived history' }).click();
  const archived = page.getByRole('table', { name: 'Archived transactions' });
  await expect(archived.getByRole('link', { name: 'Bought BTC' })).toBeVisible();
  const archivedSwitch = page.getByRole('switch', { name: 'Archived (before resets)' });
  await archivedSwitch.click();
  await expect(archivedSwitch).not.toBeChecked();
  await expect(page.getByText('No transactions yet.')).toBeVisible();
});

test('delete the account: the landing page says it is deleted, and the login is refused', async ({
  page,
  user,
}) => {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account' });
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Your account, its history and its uploads were deleted',
  );
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
