import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { authHeaders, type TestUser } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';
import { classViaApi, studentIn, teacherViaApi } from './support/contests.ts';
import { expectNoSevereAxe } from './support/axe.ts';

// The teacher's class tools and a replay member's chart (docs/api.md, "Replay contests", "Lessons
// and quizzes" and "Class assignments"): the asset page of a replay's member shows the replayed
// price and candles, the teacher's page shows the quiz results per question, and the teacher's
// assignments table follows the students through /live without a reload. At 1280 and 390 px, axe
// clean. Set up through the API.
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const MINUTE = 60_000;
/** 1 June 2021, 10:00 UTC: 30 minutes of BTC flat at 35,000, replayed at real speed. */
const FROM = Date.UTC(2021, 5, 1, 10, 0);
const TO = FROM + 30 * MINUTE;

function importFlatHistory() {
  const dir = mkdtempSync(path.join(tmpdir(), 'class-tools-e2e-'));
  const file = path.join(dir, 'BTCUSDT-1m-2021-06.csv');
  const lines = Array.from({ length: 30 }, (_, minute) => {
    const open = FROM + minute * MINUTE;
    const price = '35000.00';
    const row = [open, price, price, price, price, '12.5', open + MINUTE - 1, '437500'];
    return [...row, '100', '6', '218750', '0'].join(',');
  });
  writeFileSync(file, `${lines.join('\n')}\n`);
  execFileSync('node', ['--import', 'tsx', 'packages/server/src/import-history-main.ts', file], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
    stdio: 'pipe',
  });
}

async function replayClassViaApi(request: APIRequestContext, teacher: TestUser) {
  return classViaApi(request, teacher, {
    name: 'June 2021 replay',
    startsAt: Date.now(),
    allowedSymbols: ['BTC'],
    priceSource: { kind: 'REPLAY', from: FROM, to: TO, speed: 1 },
  });
}

/** An attempt at the quiz with every first choice: answers which questions that got right. */
async function takeQuiz(request: APIRequestContext, student: TestUser, slug: string) {
  const quiz = await request.get(`/lessons/${slug}/quiz`);
  expect(quiz.status(), await quiz.text()).toBe(200);
  const { questions } = (await quiz.json()) as { questions: { choices: { id: string }[] }[] };
  const answers = questions.map((q) => q.choices[0]!.id);
  const graded = await request.post(`/lessons/${slug}/quiz`, {
    headers: authHeaders(student),
    data: { answers },
  });
  expect(graded.status(), await graded.text()).toBe(200);
  return ((await graded.json()) as { explanations: { correct: boolean }[] }).explanations.map(
    (e) => e.correct,
  );
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test("a replay member's asset page shows the replayed price and candles, and a user outside it the live ones", async ({
      page,
      request,
    }) => {
      importFlatHistory();
      const teacher = await teacherViaApi(request);
      const klass = await replayClassViaApi(request, teacher);
      const ann = await studentIn(request, klass.joinCode);

      await loginInBrowser(page, ann);
      await page.goto(`/contests/${klass.id}`);
      await expect(page.getByText(/You are trading in this contest/)).toBeVisible();
      await expect(page.getByRole('timer', { name: 'Replay clock' })).toContainText(
        '2021-06-01 10:',
      );
      await page.goto('/asset?pair=btcusd');
      // The header's price (the trade panel has a [data-price] of its own).
      const price = page.locator('[data-price]').first();
      await expect(price).toContainText('$35,000.00');
      await expect(price.getByLabel('Replayed moment')).toContainText('replayed, 2021-06-01 10:');
      const chart = page.getByRole('figure', { name: 'Bitcoin replayed price, 1h candles' });
      await expect(chart).toHaveAccessibleDescription(/35,000/);
      await page.getByRole('button', { name: '1m', exact: true }).click();
      await expect(
        page.getByRole('figure', { name: 'Bitcoin replayed price, 1m candles' }),
      ).toHaveAccessibleDescription(/35,000/);
      await expectNoSevereAxe(page, "the replay member's asset page");

      // The teacher is not a member: the live market's chart.
      await page.context().clearCookies();
      await loginInBrowser(page, teacher);
      await page.goto('/asset?pair=btcusd');
      await expect(page.getByRole('figure', { name: 'Bitcoin price, 1h candles' })).toBeVisible();
      await expect(page.locator('[data-price]').first()).toContainText('today');
    });

    test("the teacher's table follows the students live and the quiz results show per question", async ({
      page,
      request,
    }) => {
      const teacher = await teacherViaApi(request);
      const klass = await classViaApi(request, teacher, { lessons: ['limit-orders'] });
      const [ann, bo] = [
        await studentIn(request, klass.joinCode),
        await studentIn(request, klass.joinCode),
      ];
      const created = await request.post(`/contests/${klass.id}/assignments`, {
        headers: authHeaders(teacher),
        data: {
          title: 'Week 2: limits',
          dueAt: Date.now() + 7 * 86_400_000,
          tasks: [{ kind: 'READ_LESSON', lesson: 'limit-orders' }],
        },
      });
      expect(created.status(), await created.text()).toBe(201);

      await loginInBrowser(page, teacher);
      await page.goto(`/contests/${klass.id}`);
      const table = page.getByRole('table', { name: 'Week 2: limits progress by member' });
      const rowOf = (student: TestUser) =>
        table
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: student.username }) });
      await expect(rowOf(ann).getByRole('cell')).toHaveText(['Not yet']);
      const questions = page.getByRole('table', { name: /: right answers per question$/ });
      await expect(questions.getByRole('row').nth(1)).toContainText('Not answered yet');

      // Ann reads the lesson and Bo takes its quiz: the page follows without a reload.
      const read = await request.post('/lessons/limit-orders/read', {
        headers: authHeaders(ann),
        data: { read: true },
      });
      expect(read.status(), await read.text()).toBe(200);
      await expect(rowOf(ann).getByRole('cell')).toHaveText(['Done'], { timeout: 15_000 });
      await expect(rowOf(bo).getByRole('cell')).toHaveText(['Not yet']);
      const right = await takeQuiz(request, bo, 'limit-orders');
      await expect(questions.getByRole('row')).toHaveText(
        ['#QuestionRight', ...right.map((ok) => new RegExp(`${ok ? 1 : 0} of 1 \\(`))],
        { timeout: 15_000 },
      );
      const scores = page.getByRole('table', { name: /: members' scores$/ });
      await expect(scores.getByRole('row').nth(1)).toContainText(bo.username);
      await expectNoSevereAxe(page, "the teacher's class page with quiz results");
    });
  });
}
