import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { STARTING_BALANCE_USD } from '@papertrade/domain';
import {
  authHeaders,
  newCredentials,
  signUpViaApi,
  type TestUser,
  type UserRecord,
} from './support/api.ts';
import { loginThroughForm } from './support/browser.ts';
import { teacherViaApi } from './support/contests.ts';

// A class's students: its invite must survive log-in and sign-up, a student's orders must land in
// the class portfolio and say so, and an ended class must not offer trading. No spec here moves a
// price (support/api.ts, PRICE_MOVERS): buys are of BTC, which no spec moves.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface ClassRecord {
  id: string;
  name: string;
  joinCode: string;
  teacher: TestUser;
}

/** A running class of a verified teacher, set up through the API. */
async function classViaApi(request: APIRequestContext): Promise<ClassRecord> {
  const teacher = await teacherViaApi(request);
  const now = Date.now();
  const created = await request.post('/contests', {
    headers: authHeaders(teacher),
    data: {
      // The name; a student joins one class here, so it need not be unique.
      name: 'Period 3 Crypto',
      kind: 'CLASS',
      visibility: 'PRIVATE',
      startingBalance: STARTING_BALANCE_USD,
      startsAt: now - 60_000,
      endsAt: now + 86_400_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const contest = (await created.json()) as Omit<ClassRecord, 'teacher'>;
  return { ...contest, teacher };
}

/** Joins through the API; answers the student as seen through their class portfolio. */
async function joinViaApi(
  request: APIRequestContext,
  student: TestUser,
  code: string,
): Promise<TestUser> {
  const joined = await request.post('/contests/join', {
    headers: authHeaders(student),
    data: { code },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const { walletAddress } = (await joined.json()) as { walletAddress: string };
  return { ...student, walletAddress };
}

/** Joins on the join page the browser is on, and lands on the class page in its portfolio. */
async function joinOnPage(page: Page, klass: ClassRecord) {
  await expect(page.getByRole('heading', { level: 2, name: klass.name })).toBeVisible();
  await page.getByRole('button', { name: 'Join class' }).click();
  await expect(page).toHaveURL(new RegExp(`/contests/${klass.id}$`));
  await expect(
    page.getByRole('button', { name: `Portfolio: Contest: ${klass.name}` }),
  ).toBeVisible();
}

/** The shares of `symbol` in one of the user's portfolios (POST /user-details with its wallet). */
async function sharesIn(
  request: APIRequestContext,
  user: TestUser,
  walletAddress: string,
  symbol: string,
): Promise<number> {
  const response = await request.post('/user-details', {
    headers: { ...authHeaders(user), Wallet: walletAddress },
    data: { walletAddress },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as UserRecord).assets[symbol] ?? 0;
}

/** Whether an element shows all of its text (no ellipsis): its content fits its box. */
async function showsWholeText(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.scrollWidth <= el.clientWidth);
}

test.describe('an invite', () => {
  test.use({ viewport: DESKTOP });

  test('survives sign-up: a visitor who creates an account comes back to the invite and joins', async ({
    page,
    request,
  }) => {
    const klass = await classViaApi(request);
    await page.goto(`/join/${klass.joinCode}`);
    await expect(page).toHaveURL(/\/login\?next=%2Fjoin%2F/);
    await expect(page.getByText(/You have an invitation/)).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/sign-up\?next=%2Fjoin%2F/);

    const credentials = newCredentials();
    await page.getByLabel('Email').fill(credentials.email);
    await page.getByLabel('Username').fill(credentials.username);
    await page.getByLabel('Password').fill(credentials.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(new RegExp(`/join/${klass.joinCode}$`));
    await joinOnPage(page, klass);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('an invite survives login: a student who logs in comes back to the invite and joins', async ({
    page,
    request,
  }) => {
    const klass = await classViaApi(request);
    const student = await signUpViaApi(request);
    await page.goto(`/join/${klass.joinCode}`);
    await expect(page).toHaveURL(/\/login\?next=%2Fjoin%2F/);
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password').fill(student.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(new RegExp(`/join/${klass.joinCode}$`));
    await joinOnPage(page, klass);
  });

  test('a class member who logs in again and opens an asset from the class page buys into the class portfolio, and every step says so', async ({
    page,
    request,
  }) => {
    const klass = await classViaApi(request);
    const student = await signUpViaApi(request);
    const inClass = await joinViaApi(request, student, klass.joinCode);
    // Logging in starts on the main portfolio.
    await loginThroughForm(page, student);

    await page.goto(`/contests/${klass.id}`);
    const switcher = page.getByRole('button', { name: `Portfolio: Contest: ${klass.name}` });
    await expect(switcher).toBeVisible();
    await page.getByRole('button', { name: 'Trade in this contest' }).click();
    await expect(page).toHaveURL(/\/assets$/);
    await page.getByRole('textbox', { name: 'Filter assets' }).fill('Bitcoin');
    await page.getByRole('link', { name: /Bitcoin$/ }).click();
    await expect(page).toHaveURL(/\/asset\?pair=btcusd$/);

    // The phone's header keeps both the page title and the class's name whole.
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Bitcoin');
    expect(await showsWholeText(title)).toBe(true);
    await expect(switcher).toHaveText(klass.name);
    expect(await showsWholeText(switcher.getByText(klass.name))).toBe(true);

    await page.getByRole('button', { name: 'Trade', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Trade BTC' });
    await expect(sheet.getByText(`Trading in ${klass.name}`)).toBeVisible();
    await sheet.getByRole('button', { name: /^Buy BTC/ }).click();
    const form = page.getByRole('dialog', { name: 'Buy Bitcoin' });
    await expect(form.getByText(`Trading in ${klass.name}`)).toBeVisible();
    await form.getByLabel('Amount').fill('3000');
    await form.getByRole('button', { name: 'Buy BTC' }).click();
    await expect(page.getByRole('dialog', { name: 'Transaction Successful!' })).toBeVisible();

    expect(await sharesIn(request, student, inClass.walletAddress, 'BTC')).toBeGreaterThan(0);
    expect(await sharesIn(request, student, student.walletAddress, 'BTC')).toBe(0);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the trade panel says an order goes to the main portfolio until the class page is opened', async ({
    page,
    request,
  }) => {
    const klass = await classViaApi(request);
    const student = await signUpViaApi(request);
    await joinViaApi(request, student, klass.joinCode);
    await loginThroughForm(page, student);
    await page.goto('/asset?pair=btcusd');
    const panel = page.getByRole('form', { name: 'Buy Bitcoin' });
    await expect(panel.getByText('Trading in Main portfolio')).toBeVisible();

    await page.goto(`/contests/${klass.id}`);
    await expect(page.getByText(/You are trading in this contest/)).toBeVisible();
    await page.goto('/asset?pair=btcusd');
    await expect(panel.getByText(`Trading in ${klass.name}`)).toBeVisible();
  });

  test('an ended class offers no trading: no trade link, and the panel says why with Buy disabled', async ({
    page,
    request,
  }) => {
    const klass = await classViaApi(request);
    const student = await signUpViaApi(request);
    await joinViaApi(request, student, klass.joinCode);
    const ended = await request.patch(`/contests/${klass.id}`, {
      headers: authHeaders(klass.teacher),
      data: { end: true },
    });
    expect(ended.status(), await ended.text()).toBe(200);
    await loginThroughForm(page, student);

    await page.goto(`/contests/${klass.id}`);
    await expect(page.getByRole('timer', { name: 'Countdown' })).toHaveText('Ended');
    await expect(page.getByRole('button', { name: 'Trade in this contest' })).toHaveCount(0);

    // Shown on purpose from the header, the ended class's portfolio still cannot trade.
    await page.getByRole('button', { name: 'Portfolio: Main portfolio' }).click();
    await page.getByRole('menuitemradio', { name: new RegExp(klass.name) }).click();
    await expect(
      page.getByRole('button', { name: `Portfolio: Contest: ${klass.name}` }),
    ).toBeVisible();
    await page.goto('/asset?pair=btcusd');
    const panel = page.getByRole('form', { name: 'Buy Bitcoin' });
    await expect(panel.getByText(`Trading in ${klass.name}`)).toBeVisible();
    await expect(panel.getByText('This contest has ended — orders are closed.')).toBeVisible();
    await panel.getByLabel('Amount').fill('100');
    await expect(panel.getByRole('button', { name: 'Buy BTC' })).toBeDisabled();
  });
});
