import { expect, test, type Page } from '@playwright/test';
import { authHeaders, buyViaApi, type TestUser } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';
import { classViaApi, studentIn, teacherViaApi } from './support/contests.ts';

// A class's assignment from the teacher's form to the teacher's table: three students each do a
// different part of it, and the table shows exactly that (docs/pages.md, Contest). Buys are of
// BTC, which no spec moves (support/api.ts, PRICE_MOVERS).
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** The teacher's form: a title and three tasks (read a lesson, place a limit order, hold 1 asset). */
async function createAssignment(page: Page) {
  await page.getByRole('button', { name: 'New assignment' }).click();
  const form = page.getByRole('form', { name: 'New assignment' });
  await form.getByLabel('Assignment title').fill('Week 1: first orders');
  await form.getByRole('button', { name: 'Add a task' }).click();
  await form.getByRole('button', { name: 'Add a task' }).click();
  await form.getByRole('combobox', { name: /^Task 3 Place an order/ }).click();
  await page.getByRole('option', { name: 'Hold assets' }).click();
  await form.getByRole('button', { name: 'Create assignment' }).click();
  await expect(form.getByText('Assignment created')).toBeVisible();
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test("a teacher sets an assignment, three students do different parts, and the teacher's table shows exactly that", async ({
      page,
      request,
    }) => {
      const teacher = await teacherViaApi(request);
      const klass = await classViaApi(request, teacher);
      const [ann, bo, cy] = [
        await studentIn(request, klass.joinCode),
        await studentIn(request, klass.joinCode),
        await studentIn(request, klass.joinCode),
      ];

      await loginInBrowser(page, teacher);
      await page.goto(`/contests/${klass.id}`);
      await expect(page.getByRole('heading', { level: 2, name: klass.name })).toBeVisible();
      await createAssignment(page);
      const table = page.getByRole('table', { name: 'Week 1: first orders progress by member' });
      await expect(table).toBeVisible();

      // Ann reads the lesson; Bo places a limit order far below the price (it waits); Cy buys.
      const read = await request.post('/lessons/paper-trading/read', {
        headers: authHeaders(ann),
        data: { read: true },
      });
      expect(read.status(), await read.text()).toBe(200);
      const limit = await request.post('/open-limit-position', {
        headers: authHeaders(bo),
        data: {
          walletAddress: bo.walletAddress,
          symbol: 'BTC',
          type: 'PURCHASE',
          purchaseAsk: 100,
          limitAsk: 1,
        },
      });
      expect(limit.status(), await limit.text()).toBe(201);
      await buyViaApi(request, cy, 'BTC', 500);

      await page.reload();
      const rowOf = (student: TestUser) =>
        table
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: student.username }) });
      const cells = async (student: TestUser) =>
        (await rowOf(student).getByRole('cell').allTextContents()).map((t) => t.trim());
      await expect(rowOf(ann)).toBeVisible();
      expect(await cells(ann)).toEqual(['Done', 'Not yet', 'Not yet']);
      expect(await cells(bo)).toEqual(['Not yet', 'Done', 'Not yet']);
      expect(await cells(cy)).toEqual(['Not yet', 'Not yet', 'Done']);
      await expect(table.getByRole('columnheader')).toHaveText([
        'Member',
        /^Read “/,
        'Place a limit order',
        'Hold 1 different asset',
      ]);

      // Cy's own checklist agrees, and its order task leads to the trade panel on a limit order.
      await page.context().clearCookies();
      await loginInBrowser(page, cy);
      await page.goto(`/contests/${klass.id}`);
      const tasks = page.getByRole('list', { name: 'Week 1: first orders tasks' });
      await expect(tasks.getByRole('link')).toHaveText([/Not yet$/, /Not yet$/, /Done$/]);
      await expect(tasks.getByRole('link', { name: /Place a limit order/ })).toHaveAttribute(
        'href',
        /\/asset\?pair=btcusd&trade=LIMIT&side=PURCHASE$/,
      );
    });
  });
}
