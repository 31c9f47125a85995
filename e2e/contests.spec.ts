import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type APIRequestContext, type Page } from '@playwright/test';
import { formatUsd, STARTING_BALANCE_USD } from '@papertrade/domain';
import { setPrice, signUpViaApi, type TestUser, type AssetRecord } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';
import { openContest, teacherViaApi } from './support/contests.ts';

// A class as it is meant to run: a teacher and three students, each in their own browser context. Prices
// are moved on LTC, which no other spec moves, and Bo's LINK is moved by none (support/api.ts,
// PRICE_MOVERS), so parallel tests cannot disturb the ranking.
const LIVE = { timeout: 15_000 };

async function signedInPage(browser: Browser, user: TestUser | null): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (user) await loginInBrowser(page, user);
  return page;
}

async function ltcPrice(request: APIRequestContext): Promise<number> {
  const assets = (await (await request.get('/all-assets')).json()) as AssetRecord[];
  return assets.find((a) => a.id === 'ltcusd')!.currentPrice;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** A market buy of `usd` dollars through the asset page's trade panel. */
async function buy(page: Page, pair: string, name: string, usd: number) {
  await page.goto(`/asset?pair=${pair}`);
  const panel = page.getByRole('form', { name: `Buy ${name}` });
  await panel.getByLabel('Amount').fill(String(usd));
  await panel.getByRole('button', { name: /^Buy/ }).click();
  return panel;
}

test('a teacher runs a class: students join by link, trade, see the board live; the teacher reads a portfolio, downloads the standings and ends it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const teacher = await teacherViaApi(request);
  const students = await Promise.all([
    signUpViaApi(request),
    signUpViaApi(request),
    signUpViaApi(request),
  ]);
  const [ann, bo, cy] = students;

  // The teacher creates a class with the defaults, after the rules preview.
  const t = await signedInPage(browser, teacher);
  await t.goto('/home');
  await t.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contests' }).click();
  await t.getByRole('button', { name: 'Create' }).click();
  const form = t.getByRole('dialog', { name: 'Create a contest' });
  const name = `Class ${Date.now().toString(36).slice(-5)}`;
  await form.getByLabel(/^Name/).fill(name);
  await form.getByRole('radio', { name: /^Class/ }).check();
  await form.getByRole('checkbox', { name: 'Market orders' }).check();
  await form.getByRole('button', { name: 'Preview rules' }).click();
  const preview = t.getByRole('dialog', { name: 'Check the rules' });
  await expect(preview.getByLabel('Rules preview')).toContainText(formatUsd(STARTING_BALANCE_USD));
  await preview.getByRole('button', { name: 'Create' }).click();
  await expect(t).toHaveURL(/\/contests\/[^/]+$/);
  const contestPath = new URL(t.url()).pathname;
  const joinLink = new URL(await t.getByLabel('Join link').inputValue());

  // Two students are signed in; the third follows the link signed out, logs in and comes back.
  const [pa, pb] = await Promise.all([signedInPage(browser, ann), signedInPage(browser, bo)]);
  const pc = await signedInPage(browser, null);
  await pc.goto(joinLink.pathname);
  await expect(pc).toHaveURL(/\/login\?next=%2Fjoin%2F/);
  await pc.getByLabel('Email').fill(cy.email);
  await pc.getByLabel('Password').fill(cy.password);
  await pc.getByRole('button', { name: 'Log in' }).click();
  await expect(pc).toHaveURL(joinLink.pathname);

  for (const p of [pa, pb, pc]) {
    if (p !== pc) await p.goto(joinLink.pathname);
    await expect(p.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(p.getByText(/your teacher will see your class portfolio/)).toBeVisible();
    await p.getByRole('button', { name: 'Join class' }).click();
    await expect(p).toHaveURL(contestPath);
    // The whole app now shows and trades the class portfolio, and the header says so.
    await expect(p.getByRole('button', { name: `Portfolio: Contest: ${name}` })).toBeVisible();
    await expect(p.getByRole('list', { name: 'Class lessons' })).toContainText('Market orders');
  }

  // Ann and Bo buy at the market; Cy places a limit buy that the market control fills.
  const start = await ltcPrice(request);
  await buy(pa, 'ltcusd', 'Litecoin', 20_000);
  await expect(pa.getByRole('dialog', { name: 'Transaction Successful!' })).toBeVisible();
  await buy(pb, 'linkusd', 'Chainlink', 10_000);
  await expect(pb.getByRole('dialog', { name: 'Transaction Successful!' })).toBeVisible();
  await pc.goto('/asset?pair=ltcusd');
  const limitPanel = pc.getByRole('form', { name: 'Buy Litecoin' });
  await limitPanel.getByRole('button', { name: 'Limit', exact: true }).click();
  await limitPanel.getByLabel('Limit price').fill(String(cents(start * 0.9)));
  await limitPanel.getByLabel('Amount').fill('5000');
  await limitPanel.getByRole('button', { name: 'Place limit buy' }).click();
  await expect(limitPanel.getByRole('status')).toContainText('Limit order placed');
  await setPrice(request, 'ltcusd', cents(start * 0.85));
  await expect(pc.getByRole('alert').filter({ hasText: 'Limit order filled' })).toBeVisible(LIVE);

  // Everyone watches the board; LTC jumps and the new order shows on every screen without a reload.
  await openContest(t, 'Owned', name);
  for (const p of [pa, pb, pc]) await openContest(p, 'Joined', name);
  for (const p of [t, pa, pb, pc]) await expect(p).toHaveURL(contestPath);
  for (const p of [t, pa, pb, pc])
    await expect(
      p.getByRole('table', { name: 'Contest leaderboard' }).getByRole('row'),
    ).toHaveCount(4, LIVE);
  await setPrice(request, 'ltcusd', cents(start * 1.3));
  for (const p of [t, pa, pb, pc]) {
    const rows = p.getByRole('table', { name: 'Contest leaderboard' }).getByRole('row');
    await expect(rows.nth(1)).toContainText(ann.username, LIVE);
    await expect(rows.nth(2)).toContainText(cy.username, LIVE);
    await expect(rows.nth(3)).toContainText(bo.username, LIVE);
  }
  await expect(pa.getByRole('region', { name: 'Your standing' })).toContainText('#1 of 3');

  // The teacher reads Ann's class portfolio and downloads the standings.
  const members = t.getByRole('table', { name: 'Members' });
  await members.getByRole('button', { name: `View ${ann.username}'s portfolio` }).click();
  const portfolio = t.getByRole('dialog', { name: /'s portfolio$/ });
  await expect(portfolio.getByRole('table', { name: 'Holdings' })).toContainText('Litecoin');
  await portfolio.getByRole('button', { name: 'Close' }).click();
  const [download] = await Promise.all([
    t.waitForEvent('download'),
    t.getByRole('link', { name: 'Standings CSV' }).click(),
  ]);
  const csv = await readFile(await download.path(), 'utf8');
  for (const s of students) expect(csv).toContain(s.username);
  expect(csv.indexOf(ann.username)).toBeLessThan(csv.indexOf(bo.username));

  // The teacher ends the class; the trade panel says so, in words a student understands, and
  // offers no Buy.
  await t.getByRole('button', { name: 'End now' }).click();
  await t
    .getByRole('dialog', { name: /now\?$/ })
    .getByRole('button', { name: 'End contest' })
    .click();
  await expect(t.getByRole('timer', { name: 'Countdown' })).toHaveText('Ended');
  await pb.goto('/asset?pair=linkusd');
  const panel = pb.getByRole('form', { name: 'Buy Chainlink' });
  await expect(panel.getByText('This contest has ended — orders are closed.')).toBeVisible();
  await panel.getByLabel('Amount').fill('100');
  await expect(panel.getByRole('button', { name: /^Buy/ })).toBeDisabled();

  for (const p of [t, pa, pb, pc]) await p.context().close();
});

test('a contest page loaded by its address is the app, not the API answer', async ({
  browser,
  request,
}) => {
  // /contests and /contests/:id are also API paths: a browser navigation gets the app (web-app.ts).
  const user = await signUpViaApi(request);
  const page = await signedInPage(browser, user);
  await page.goto('/contests');
  await expect(page.getByRole('tab', { name: 'Joined' })).toBeVisible();
  await page.goto('/contests/no-such-contest');
  await expect(page.locator('body')).not.toContainText('"code"');
});
