/**
 * Contests in browser tests: a verified TEACHER account, a running class and its students set up
 * through the API, and opening a contest page through the app's own links.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { STARTING_BALANCE_USD } from '@papertrade/domain';
import { authHeaders, newCredentials, signUpViaApi, type TestUser } from './api.ts';
import { latestMailTo } from './outbox.ts';

/** A TEACHER account with a verified e-mail address (creating a contest needs one). */
export async function teacherViaApi(request: APIRequestContext): Promise<TestUser> {
  const credentials = { ...newCredentials(), accountType: 'TEACHER' };
  const response = await request.post('/auth/sign-up', { data: credentials });
  expect(response.status(), await response.text()).toBe(201);
  const { token, user } = (await response.json()) as {
    token: string;
    user: { id: string; walletAddress: string };
  };
  await expect.poll(async () => (await latestMailTo(credentials.email))?.link).toMatch(/token=/);
  const link = new URL((await latestMailTo(credentials.email))?.link ?? '');
  const verified = await request.post('/auth/verify-email', {
    data: { token: link.searchParams.get('token') },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { ...credentials, id: user.id, walletAddress: user.walletAddress, token };
}

/**
 * Opens a contest page through the app's own links. A browser loading /contests or /contests/:id
 * gets the API's JSON (those paths are API routes too, and the server serves the app there only
 * for /leaderboard): see the fixme test in contests.spec.ts.
 */
export async function openContest(page: Page, tab: 'Joined' | 'Owned', name: string) {
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contests' })
    .click();
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

/**
 * A running private CLASS of `teacher`, started a minute ago for two weeks; `rules` adds the class
 * rules or anything else of the create body (docs/api.md, "Class rules and reports").
 */
export async function classViaApi(
  request: APIRequestContext,
  teacher: TestUser,
  rules: Record<string, unknown> = {},
) {
  const now = Date.now();
  const created = await request.post('/contests', {
    headers: authHeaders(teacher),
    data: {
      name: 'Period 4 Markets',
      kind: 'CLASS',
      visibility: 'PRIVATE',
      startingBalance: STARTING_BALANCE_USD,
      startsAt: now - 60_000,
      endsAt: now + 14 * 86_400_000,
      ...rules,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; name: string; joinCode: string };
}

/** A new student who joined the class with `code`: their wallet is the class portfolio's. */
export async function studentIn(request: APIRequestContext, code: string): Promise<TestUser> {
  const student = await signUpViaApi(request);
  const joined = await request.post('/contests/join', {
    headers: authHeaders(student),
    data: { code },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  return {
    ...student,
    walletAddress: ((await joined.json()) as { walletAddress: string }).walletAddress,
  };
}

/**
 * The Buy Bitcoin form of the asset page: the trade panel on a desktop, the trade sheet on a phone
 * (docs/pages.md, Trade panel), opened on the portfolio the session trades.
 */
export async function openBuyBitcoin(page: Page, phone: boolean) {
  await page.goto('/asset?pair=btcusd');
  if (!phone) return page.getByRole('form', { name: 'Buy Bitcoin' });
  await page.getByRole('button', { name: 'Trade', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Trade BTC' })
    .getByRole('button', { name: /^Buy BTC/ })
    .click();
  return page.getByRole('dialog', { name: 'Buy Bitcoin' });
}
