import { bodyBackground, luminance } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';

const storedMode = (page: Page) => page.evaluate(() => localStorage.getItem('theme_mode'));
const backgroundLuminance = async (page: Page) => luminance(await bodyBackground(page));

test.describe('with a light system preference', () => {
  test.use({ colorScheme: 'light' });

  test('the theme is light by default', async ({ page, user }) => {
    void user;
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    expect(await storedMode(page)).toBeNull();
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
  });

  test('dark mode toggled in the account menu survives a reload', async ({ page, user }) => {
    void user;
    await page.goto('/home');
    await page.getByRole('button', { name: 'Account menu' }).click();
    const toggle = page.getByRole('menuitemcheckbox', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.05);
    expect(await storedMode(page)).toBe('dark');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
    expect(await storedMode(page)).toBe('dark');
  });
});

test.describe('with a dark system preference', () => {
  test.use({ colorScheme: 'dark' });

  test('the theme follows the system preference when nothing is stored', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await storedMode(page)).toBeNull();
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
  });

  test('a stored light choice wins over the dark system preference', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme_mode', 'light'));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
  });
});
