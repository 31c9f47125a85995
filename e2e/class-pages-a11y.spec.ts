import { expect, test, type Browser } from '@playwright/test';
import { authHeaders, type TestUser } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';
import { classViaApi, openBuyBitcoin, studentIn, teacherViaApi } from './support/contests.ts';
import { expectNoSevereAxe } from './support/axe.ts';

// The class pages of docs/api.md "Trade notes", "Class rules and reports" and "Class assignments"
// through axe at 1280 and 390 px in both themes: the teacher's page (assignments table, rules
// panel, members table with Sharpe), the student's checklist, and the trade panel with its note
// field, empty and refused. Set up through the API; buys are of BTC, which no spec moves
// (support/api.ts, PRICE_MOVERS).
const TITLE = 'Week 1: a first noted trade';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
type Size = keyof typeof SIZES;

async function openAs(browser: Browser, user: TestUser, mode: 'light' | 'dark', size: Size) {
  const context = await browser.newContext({ viewport: SIZES[size] });
  await context.addInitScript((stored) => localStorage.setItem('theme_mode', stored), mode);
  const page = await context.newPage();
  await loginInBrowser(page, user);
  return page;
}

for (const [size, mode] of [
  ['desktop', 'light'],
  ['desktop', 'dark'],
  ['phone', 'light'],
  ['phone', 'dark'],
] as const) {
  test(`the class pages with rules, assignments and notes have no serious or critical axe violation on a ${size} in ${mode} mode`, async ({
    browser,
    request,
  }) => {
    const teacher = await teacherViaApi(request);
    const klass = await classViaApi(request, teacher, {
      name: `Axe rules ${size} ${mode}`,
      maxPositionPercent: 50,
      maxTradesPerDay: 20,
      requireNotes: true,
      rankBy: 'SHARPE',
    });
    const assignment = await request.post(`/contests/${klass.id}/assignments`, {
      headers: authHeaders(teacher),
      data: {
        title: TITLE,
        dueAt: Date.now() + 7 * 86_400_000,
        tasks: [
          { kind: 'READ_LESSON', lesson: 'paper-trading' },
          { kind: 'PLACE_ORDER', orderType: 'MARKET' },
          { kind: 'WRITE_NOTES', count: 1 },
        ],
      },
    });
    expect(assignment.status(), await assignment.text()).toBe(201);
    const student = await studentIn(request, klass.joinCode);
    const bought = await request.post('/purchase-asset', {
      headers: authHeaders(student),
      data: {
        symbol: 'BTC',
        walletAddress: student.walletAddress,
        assetAmount: 1_000,
        unit: 'USD',
        note: 'A small first position',
      },
    });
    expect(bought.status(), await bought.text()).toBe(200);

    // The teacher: assignments table, rules panel and the members table with its Sharpe column.
    const t = await openAs(browser, teacher, mode, size);
    await t.goto(`/contests/${klass.id}`);
    await expect(t.getByRole('table', { name: `${TITLE} progress by member` })).toContainText(
      student.username,
    );
    await expect(t.getByRole('region', { name: 'Rules', exact: true })).toContainText(
      'A note with every order',
    );
    const members = t.getByRole('table', { name: 'Members' });
    await expect(members).toContainText(student.username);
    // A phone keeps the narrow columns (member, return): the Sharpe ratio is on a desktop's table.
    if (size === 'desktop')
      await expect(members.getByRole('columnheader', { name: 'Sharpe' })).toBeVisible();
    await expect(t.getByRole('form', { name: 'Class rules' })).toBeVisible();
    await expectNoSevereAxe(t, `the teacher's class page (${size}, ${mode})`);
    await members.getByRole('button', { name: `View ${student.username}'s portfolio` }).click();
    await expect(t.getByRole('list', { name: 'Trade notes' })).toContainText(
      'A small first position',
    );
    await expectNoSevereAxe(t, `a member's portfolio with notes (${size}, ${mode})`);

    // The student: the checklist, then the trade panel with the note field, empty and refused.
    const s = await openAs(browser, student, mode, size);
    await s.goto(`/contests/${klass.id}`);
    await expect(s.getByRole('list', { name: `${TITLE} tasks` }).getByRole('link')).toHaveCount(3);
    await expect(s.getByText(/You are trading in this contest/)).toBeVisible();
    await expectNoSevereAxe(s, `the student's class page (${size}, ${mode})`);
    const form = await openBuyBitcoin(s, size === 'phone');
    const note = form.getByRole('textbox', { name: /^Note/ });
    await expect(note).toHaveAccessibleName(/your class asks for one/);
    await expectNoSevereAxe(s, `the trade panel with the note field (${size}, ${mode})`);
    await form.getByLabel('Amount').fill('100');
    await form.getByRole('button', { name: 'Buy BTC' }).click();
    await expect(note).toHaveAttribute('aria-invalid', 'true');
    await expectNoSevereAxe(s, `the trade panel with a refused note (${size}, ${mode})`);

    for (const p of [t, s]) await p.context().close();
  });
}
