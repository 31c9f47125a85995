import { expect, type Page } from '@playwright/test';
import type { TestUser } from './api.ts';

/**
 * Signs the browser in with the token of a sign-up answer: the server reads the same httpOnly
 * `session` cookie it sets itself, so no login form has to be filled in.
 */
export async function loginInBrowser(page: Page, user: TestUser): Promise<void> {
  await page.context().addCookies([
    {
      name: 'session',
      value: user.token,
      domain: 'localhost',
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}

/** The UI way: the /login form, ending on /home. */
export async function loginThroughForm(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Relative luminance (0 black .. 1 white) of a CSS colour like `rgb(244, 246, 250)`. */
export function luminance(cssColour: string): number {
  const parts = /rgba?\(([^)]+)\)/
    .exec(cssColour)?.[1]
    ?.split(',')
    .map((p) => Number(p.trim()));
  if (!parts || parts.length < 3) throw new Error(`Not an rgb() colour: ${cssColour}`);
  const [r, g, b] = parts.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The page background as the user sees it: the body's computed background colour. */
export async function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}
