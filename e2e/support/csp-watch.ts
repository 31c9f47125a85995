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
 * A 4xx the app expects (an unknown profile's 404, a broken e-mail link's 400) is logged by
 * Chromium as "Failed to load resource" and is not a problem, except a 401 when `allow401` is
 * false (signed-out pages never ask for a session: the HTML says there is none); a blocked load
 * says "Refused to ... Content Security Policy" instead, which always is.
 */
export function watchCsp(
  page: Page,
  options: { allow401: boolean } = { allow401: true },
): { label(name: string): void; problems(): string[] } {
  let current = '(start)';
  const seen: string[] = [];
  void page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    const status = /^Failed to load resource: the server responded with a status of (4\d\d)/.exec(
      text,
    )?.[1];
    const expected4xx = status !== undefined && (options.allow401 || status !== '401');
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
export async function visit(
  page: Page,
  watch: ReturnType<typeof watchCsp>,
  path: string,
  found: string[],
) {
  watch.label(path);
  await page.goto(path);
  await page.locator('h1, h2').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const events = await page.evaluate(() => window.__cspViolations ?? []);
  found.push(...events.map((e) => `${path}: securitypolicyviolation ${e}`));
}
