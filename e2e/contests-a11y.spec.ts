import { expect, test } from '@playwright/test';
import { STARTING_BALANCE_USD } from '@papertrade/domain';
import { authHeaders, signUpViaApi } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';
import { expectNoSevereAxe } from './support/axe.ts';
import { openContest, teacherViaApi } from './support/contests.ts';

for (const mode of ['light', 'dark'] as const) {
  test(`contest pages have no serious or critical axe violation in ${mode} mode`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    // A class with one member who has traded, set up through the API.
    const teacher = await teacherViaApi(request);
    const now = Date.now();
    const created = await request.post('/contests', {
      headers: authHeaders(teacher),
      data: {
        name: `Axe class ${mode}`,
        kind: 'CLASS',
        visibility: 'PRIVATE',
        startingBalance: STARTING_BALANCE_USD,
        startsAt: now - 60_000,
        endsAt: now + 86_400_000,
        lessons: ['market-orders'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const contest = (await created.json()) as { name: string; joinCode: string };
    const student = await signUpViaApi(request);
    const joined = await request.post('/contests/join', {
      headers: authHeaders(student),
      data: { code: contest.joinCode },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    const { walletAddress } = (await joined.json()) as { walletAddress: string };
    const bought = await request.post('/purchase-asset', {
      headers: { ...authHeaders(student), Wallet: walletAddress },
      data: { symbol: 'BTC', walletAddress, assetAmount: 1_000, unit: 'USD' },
    });
    expect(bought.status(), await bought.text()).toBe(200);

    const open = async (user: typeof teacher) => {
      const context = await browser.newContext();
      await context.addInitScript((stored) => localStorage.setItem('theme_mode', stored), mode);
      const page = await context.newPage();
      await loginInBrowser(page, user);
      return page;
    };

    // The teacher: /contests, the create form, the class page with its tools, a member's portfolio.
    const t = await open(teacher);
    await t.goto('/home');
    await t
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contests' })
      .click();
    await t.getByRole('tab', { name: 'Owned' }).click();
    await expect(t.getByRole('link', { name: contest.name })).toBeVisible();
    await expectNoSevereAxe(t, `/contests (${mode})`);
    await t.getByRole('button', { name: 'Create' }).click();
    await expect(t.getByRole('dialog', { name: 'Create a contest' })).toBeVisible();
    await expectNoSevereAxe(t, `the create form (${mode})`);
    await t.keyboard.press('Escape');
    await openContest(t, 'Owned', contest.name);
    await expect(t.getByRole('table', { name: 'Members' })).toContainText(student.username);
    await expect(t.getByRole('table', { name: 'Contest leaderboard' })).toContainText(
      student.username,
    );
    await expectNoSevereAxe(t, `the teacher's contest page (${mode})`);
    await t.getByRole('button', { name: `View ${student.username}'s portfolio` }).click();
    await expect(t.getByRole('dialog').getByRole('table', { name: 'Holdings' })).toContainText(
      'Bitcoin',
    );
    await expectNoSevereAxe(t, `a member's portfolio (${mode})`);

    // The member: the contest page with the lessons, and the join page of someone not in yet.
    const s = await open(student);
    await openContest(s, 'Joined', contest.name);
    await expect(s.getByRole('list', { name: 'Class lessons' })).toBeVisible();
    await expectNoSevereAxe(s, `the member's contest page (${mode})`);
    const visitor = await open(await signUpViaApi(request));
    await visitor.goto(`/join/${contest.joinCode}`);
    await expect(visitor.getByRole('button', { name: 'Join class' })).toBeVisible();
    await expectNoSevereAxe(visitor, `/join/:code (${mode})`);

    for (const p of [t, s, visitor]) await p.context().close();
  });
}
