/**
 * Contests in browser tests: a verified TEACHER account, and opening a contest page through the
 * app's own links.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newCredentials, type TestUser } from './api.ts';
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
