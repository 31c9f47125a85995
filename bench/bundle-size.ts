/**
 * `npm run bench:bundle`: the gzipped JavaScript a browser really downloads for the landing page,
 * and for /home after login, measured in Debian's Chromium against the built app served by the
 * real server (targets: at most 150 KB and 350 KB). Run `npm run build` first.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startSignedInApp } from './signed-in-app.ts';

async function scriptsLoaded(
  page: Page,
  url: string,
): Promise<{ files: number; gzipBytes: number }> {
  const bodies: Promise<number>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('javascript')) {
      bodies.push(response.body().then((b) => gzipSync(b).length));
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const sizes = await Promise.all(bodies);
  return { files: sizes.length, gzipBytes: sizes.reduce((a, b) => a + b, 0) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const { base, token, close } = await startSignedInApp('bundle');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const landing = await scriptsLoaded(await browser.newPage(), `${base}/`);
  const context = await browser.newContext();
  await context.addCookies([{ name: 'session', value: token, url: base }]);
  const home = await scriptsLoaded(await context.newPage(), `${base}/home`);

  console.log(
    `bundle: landing page loads ${kb(landing.gzipBytes)} of gzipped JavaScript in ${landing.files} files (target <= 150 KB)`,
  );
  console.log(
    `bundle: /home after login loads ${kb(home.gzipBytes)} of gzipped JavaScript in ${home.files} files (target <= 350 KB)`,
  );
  if (landing.gzipBytes > 150 * 1024 || home.gzipBytes > 350 * 1024) process.exitCode = 1;
} finally {
  await browser.close();
  await close();
}
