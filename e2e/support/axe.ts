import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits for running CSS transitions (a dialog's fade or slide) to end: axe measures contrast
 * from the colours of this very moment, so a half-faded dialog reads as low contrast. Endless
 * animations (spinners) are left running.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Serious and critical axe violations of the whole page once its transitions have ended, with
 * the element and axe's reason, so a failure names what to fix without opening the trace.
 */
export async function severeAxeDetails(page: Page): Promise<string[]> {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) =>
        `${v.impact} ${v.id} on ${n.target.join(' ')} ${n.html.slice(0, 160)}: ${n.failureSummary ?? v.help}`.replace(
          /\s*\n\s*/g,
          ' ',
        ),
      ),
    );
}

/** Fails with every serious or critical axe finding on the page as it is now, naming `where`. */
export async function expectNoSevereAxe(page: Page, where: string): Promise<void> {
  expect(await severeAxeDetails(page), `axe found on ${where}`).toEqual([]);
}
