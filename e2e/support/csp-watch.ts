import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Records, for the pages a test visits, every Content-Security-Policy violation (the DOM's
 * `securitypolicyviolation` events and Chromium's console reports of them), every console error
 * and every uncaught exception, as lines naming the page they were on: the console ones in
 * `problems()`, the events (per document) added by `visit` after each page settles.
 *
 * A 4xx the app expects (a visitor's 401 from /auth/session, an unknown profile's 404) is logged by
 * Chromium as "Failed to load resource" and is not a problem; a blocked load says "Refused to ...
 * Content Security Policy" instead, which is.
 */
export function watchCsp(page: Page): { label(name: string): void; problems(): string[] } {
  let current = '(start)';
  const seen: string[] = [];
  void page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    const expected4xx = /^Failed to load resource: the server responded with a status of 4\d\d/.test(text);
    if (text.includes('Content Security Policy') || (message.type() === 'error' && !expected4xx)) {
      seen.push(`${current}: console ${message.type()}: ${text}`);
    }
  });
  page.on('pageerror', (error) => seen.push(`${current}: uncaught ${error.message}`));
  return {
    label(name) {
      current = name;
    },
    problems() {
      return [...seen];
    },
  };
}

/** Visits `path`, waits until it has settled, and adds the page's own violation events. */
export async function visit(page: Page, watch: ReturnType<typeof watchCsp>, path: string, found: string[]) {
  watch.label(path);
  await page.goto(path);
  await page.locator('h1, h2').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const events = await page.evaluate(() => window.__cspViolations ?? []);
  found.push(...events.map((e) => `${path}: securitypolicyviolation ${e}`));
}
