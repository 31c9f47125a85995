import { totpCode } from '../packages/server/src/features/auth/totp.ts';
import { expect, test } from './support/fixtures.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
});

const step = (ms: number) => Math.floor(ms / 30_000);

test('turn on two-factor from /account, then log in with a code', async ({ page, user }) => {
  // Logging in may wait for the next 30 s step: the enabling code's step cannot be used twice.
  test.setTimeout(90_000);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up two-factor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  const secret = (await section.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(section.getByRole('link', { name: /^otpauth:\/\/totp\// })).toBeVisible();
  // The same address as a QR code to scan, drawn in the page (an image with a name).
  const qr = section.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
    true,
  );
  const enabledAt = Date.now();
  await section.getByLabel('Code from the app').fill(totpCode(secret, enabledAt));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(section.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  await expect(section).toContainText('On: logging in asks for a code');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  const wait = (step(enabledAt) + 1) * 30_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 200);
  const code = totpCode(secret);
  await codeField.fill(code);
  await codeField.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
});
