/**
 * `npm run bench:teacher-journey`: how long a teacher takes from sign-up to a class with one
 * assignment (target: under 2 minutes of interactions). A scripted run in Debian's Chromium against
 * the built app on the real server, at 1280 px: sign up as a teacher, confirm the e-mail from the
 * mail's link, create a class with the defaults, set an assignment with its default task. It
 * counts the interactions (each click, field filled, choice made, link followed) and measures the
 * run's wall time; the script answers as fast as the app lets it, so a person's time is the
 * interactions at their own pace plus reading. Run `npm run build` first.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { readOutbox } from '../packages/server/src/mail/outbox.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './signed-in-app.ts';

const TARGET_MS = 120_000;

async function main(): Promise<void> {
  const config = loadConfig();
  if (!existsSync(path.join(config.webDist, 'index.html')))
    throw new Error('No built web app: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-bench-teacher-'));
  const { app, ctx } = await buildApp({
    config: { ...config, dataDir, databaseUrl: undefined, marketHistoryDays: 7, logLevel: 'warn' },
    logger: false,
  });
  await ctx.market.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let interactions = 0;
  /** One thing the teacher does: counted, then done. */
  const act = async (step: Promise<unknown> | (() => Promise<unknown>)) => {
    interactions += 1;
    await (typeof step === 'function' ? step() : step);
  };
  try {
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(30_000);
    const email = `teacher${Date.now().toString(36)}@example.test`;
    const started = performance.now();

    await act(page.goto(`${base}/sign-up`));
    await act(page.getByLabel('Email').fill(email));
    await act(page.getByLabel('Username').fill(`teacher_${Date.now().toString(36)}`));
    await act(page.getByLabel('Password').fill('a-Long-enough-Secret1'));
    await act(page.getByLabel('Account type').selectOption('TEACHER'));
    await act(page.getByRole('button', { name: 'Sign up' }).click());
    await page.waitForURL(/\/home$/);

    // The confirmation mail's link, followed.
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i += 1) {
      link = (await readOutbox(dataDir)).find((m) => m.to === email)?.link ?? undefined;
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    if (!link) throw new Error('no confirmation mail');
    const { pathname, search } = new URL(link);
    await act(page.goto(`${base}${pathname}${search}`));
    await page.getByText(/is verified/).waitFor();

    await act(page.goto(`${base}/contests`));
    await act(page.getByRole('button', { name: 'Create' }).click());
    const form = page.getByRole('dialog', { name: 'Create a contest' });
    await act(form.getByLabel(/^Name/).fill('Period 1 Markets'));
    await act(form.getByRole('radio', { name: /^Class/ }).check());
    await act(form.getByRole('button', { name: 'Preview rules' }).click());
    await act(
      page
        .getByRole('dialog', { name: 'Check the rules' })
        .getByRole('button', { name: 'Create' })
        .click(),
    );
    await page.waitForURL(/\/contests\/[^/]+$/);

    await act(page.getByRole('button', { name: 'New assignment' }).click());
    const assignment = page.getByRole('form', { name: 'New assignment' });
    await act(assignment.getByLabel('Assignment title').fill('Week 1: read and trade'));
    await act(assignment.getByRole('button', { name: 'Create assignment' }).click());
    await page
      .getByRole('table', { name: 'Week 1: read and trade progress by member' })
      .or(page.getByText('Assignment created'))
      .first()
      .waitFor();
    const wallMs = performance.now() - started;

    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(
      `teacher journey: sign-up to a class with one assignment in ${interactions} interactions, ` +
        `${(wallMs / 1000).toFixed(1)} s of scripted wall time (target under ${TARGET_MS / 1000} s; load ${load})`,
    );
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
