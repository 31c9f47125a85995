import { expect, type Page } from '@playwright/test';
import { readOutbox } from './outbox.ts';

/** A valid 1x1 PNG: the smallest picture the server's content check accepts. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The newest mail to `to` whose subject is `subject`, waiting until it arrives. */
export async function waitForMail(to: string, subject: string) {
  await expect
    .poll(async () => (await readOutbox()).some((m) => m.to === to && m.subject === subject), {
      timeout: 15_000,
    })
    .toBe(true);
  return (await readOutbox()).filter((m) => m.to === to && m.subject === subject).at(-1)!;
}

/** Marks the first-run introduction as seen so it does not take space in a test. */
export async function skipOnboarding(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('onboarding_done', 'true'));
}
