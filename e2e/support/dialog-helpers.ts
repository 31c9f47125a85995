import { expect, type Locator, type Page } from '@playwright/test';
import { severeAxeDetails } from './axe.ts';
import { bodyBackground, luminance } from './browser.ts';

export type ThemeMode = 'light' | 'dark';

/**
 * Starts every page of the test in light mode unless a mode is already stored, so `switchToDark`
 * can store 'dark' and reload without this script undoing it.
 */
export async function startInLightMode(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('theme_mode')) localStorage.setItem('theme_mode', 'light');
  });
}

/** The app reads the stored mode once at start, so dark mode takes a store and a reload. */
export async function switchToDark(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('theme_mode', 'dark'));
  await page.reload();
  await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(0.05);
}

/** Whether focus reaches the popup itself or something in it within a few seconds. */
async function focusMovesInto(popup: Locator): Promise<boolean> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const inside = await popup.evaluate(
      (el) => el === document.activeElement || el.contains(document.activeElement),
    );
    if (inside || Date.now() > deadline) return inside;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The keyboard path and axe check every popup must pass: Enter or Space on the focused trigger
 * opens it, focus moves into it, axe finds nothing serious with it open, Escape (or its own close
 * button) closes it and focus is back on the trigger. The checks are soft, so one run names every
 * defect at once.
 */
export async function checkPopup(
  page: Page,
  options: {
    what: string;
    mode: ThemeMode;
    trigger: Locator;
    popup: Locator;
    key?: 'Enter' | ' ';
    /** Where focus belongs after closing when the trigger itself is gone. */
    returnTo?: Locator;
    /** A button inside (like Cancel) to close with, by Enter, instead of Escape. */
    closeWith?: Locator;
  },
): Promise<void> {
  const { what, mode, trigger, popup } = options;
  // Both keys activate a button; light mode uses Enter and dark mode Space, so both are covered.
  const key = options.key ?? (mode === 'light' ? 'Enter' : ' ');
  await trigger.focus();
  await page.keyboard.press(key);
  await expect(popup, `${key} on the trigger opens ${what} (${mode})`).toBeVisible();
  expect.soft(await focusMovesInto(popup), `focus moves into ${what} (${mode})`).toBe(true);
  expect.soft(await severeAxeDetails(page), `axe with ${what} open (${mode})`).toEqual([]);
  const closer = options.closeWith ? 'its close button' : 'Escape';
  if (options.closeWith) await options.closeWith.press('Enter');
  else await page.keyboard.press('Escape');
  await expect(popup, `${closer} closes ${what} (${mode})`).toBeHidden();
  await expect
    .soft(options.returnTo ?? trigger, `focus returns after ${what} closes (${mode})`)
    .toBeFocused({ timeout: 3_000 });
}
