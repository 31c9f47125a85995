import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, type TestUser } from './support/api.ts';
import { severeAxeDetails } from './support/axe.ts';
import { startInLightMode, switchToDark } from './support/dialog-helpers.ts';
import { expect, test } from './support/fixtures.ts';

/** /account's API keys section (docs/pages.md): create a key, see its secret once, revoke it. */

async function keysViaApi(request: APIRequestContext, user: TestUser) {
  const res = await request.get('/api-keys', { headers: authHeaders(user) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { keyId: string; name: string; secret?: string }[];
}

async function createAndRevoke(page: Page, request: APIRequestContext, user: TestUser) {
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText(/No API keys yet/)).toBeVisible();

  // By keyboard: the button opens the dialog with focus on the name.
  await section.getByRole('button', { name: 'Create key' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New API key' });
  await expect(dialog.getByRole('textbox', { name: 'Key name' })).toBeFocused();
  await page.keyboard.type('Crossover bot');
  await dialog.getByRole('checkbox', { name: /Trade/ }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText(/shown only once/)).toBeVisible();
  const secret = (await shown.getByTestId('secret').textContent()) ?? '';
  expect(secret.length).toBeGreaterThanOrEqual(40);
  expect(await severeAxeDetails(page)).toEqual([]);
  await shown.getByRole('button', { name: 'I saved the secret' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = section.getByRole('row').filter({ hasText: 'Crossover bot' });
  await expect(row).toContainText('Read, Trade');
  await expect(row).toContainText('Never');
  // The listed key fits the section at either width, with nothing serious for axe in either theme.
  const table = section.getByRole('table', { name: 'API keys' });
  expect(await table.evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0))).toBe(
    true,
  );
  expect(await severeAxeDetails(page)).toEqual([]);
  const [stored] = await keysViaApi(request, user);
  expect(stored).toMatchObject({ name: 'Crossover bot' });
  expect(stored?.secret).toBeUndefined();

  await row.getByRole('button', { name: 'Revoke key Crossover bot' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “Crossover bot”?' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(section.getByText(/No API keys yet/)).toBeVisible();
  expect(await keysViaApi(request, user)).toEqual([]);
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an API key is created, shown once and revoked at 1280 px, light theme', async ({
    page,
    request,
    user,
  }) => {
    await startInLightMode(page);
    await page.goto('/account');
    await createAndRevoke(page, request, user);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an API key is created, shown once and revoked at 390 px, dark theme', async ({
    page,
    request,
    user,
  }) => {
    await startInLightMode(page);
    await page.goto('/account');
    await switchToDark(page);
    await createAndRevoke(page, request, user);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
