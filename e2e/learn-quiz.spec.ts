import { QUIZZES } from '@papertrade/domain/quizzes';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { severeAxeDetails } from './support/axe.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

const SLUG = 'limit-orders';
const QUESTIONS = QUIZZES[SLUG] ?? [];

/** Picks, for each question, the right choice, or another one for the questions in `wrong`. */
async function answer(page: Page, wrong: number[]) {
  const quiz = page.getByRole('region', { name: 'Quiz' });
  for (const [i, q] of QUESTIONS.entries()) {
    const id = wrong.includes(i) ? q.choices.find((c) => c.id !== q.answer)?.id : q.answer;
    const choice = q.choices.find((c) => c.id === id);
    await quiz
      .getByRole('group', { name: `${i + 1}. ${q.text}` })
      .getByRole('radio', { name: choice?.text, exact: true })
      .check();
  }
  await quiz.getByRole('button', { name: 'Check answers' }).click();
}

for (const { size, viewport, colorScheme } of [
  { size: 'desktop', viewport: { width: 1280, height: 900 }, colorScheme: 'light' as const },
  { size: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'dark' as const },
]) {
  test.describe(`${size}, ${colorScheme} theme`, () => {
    test.use({ viewport, colorScheme });

    test('a lesson read, its quiz failed once and retried shows the best and the last score', async ({
      page,
      user,
    }) => {
      expect(user.walletAddress).toBeTruthy();
      await skipOnboarding(page);
      await page.goto('/learn');
      await page.getByRole('link', { name: /Limit orders and when they fill/ }).click();
      await expect(
        page.getByRole('heading', { level: 2, name: 'Limit orders and when they fill' }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Mark as read' }).click();
      await expect(page.getByRole('button', { name: 'Mark as unread' })).toBeVisible();

      const quiz = page.getByRole('region', { name: 'Quiz' });
      await expect(quiz.getByText('Not taken yet')).toBeVisible();
      await answer(page, [0]);
      const total = QUESTIONS.length;
      await expect(
        quiz.getByRole('heading', { name: `You got ${total - 1} of ${total} right` }),
      ).toBeFocused();
      await expect(quiz.getByRole('list', { name: 'Answers explained' })).toContainText(
        QUESTIONS[0]?.explanation ?? '',
      );
      await expect(
        quiz.getByText(`Best ${total - 1} of ${total} · last ${total - 1} of ${total} · 1 attempt`),
      ).toBeVisible();
      expect(await severeAxeDetails(page)).toEqual([]);
      // Nothing overflows the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await quiz.getByRole('button', { name: 'Try again' }).click();
      await answer(page, []);
      await expect(
        quiz.getByRole('heading', { name: `You got ${total} of ${total} right` }),
      ).toBeVisible();
      await quiz.getByRole('button', { name: 'Try again' }).click();
      await answer(page, [0, 1]);
      await expect(
        quiz.getByText(`Best ${total} of ${total} · last ${total - 2} of ${total} · 3 attempts`),
      ).toBeVisible();

      // The server kept them: a reload and the lesson list show the same.
      await page.reload();
      await expect(
        page
          .getByRole('region', { name: 'Quiz' })
          .getByText(`Best ${total} of ${total} · last ${total - 2} of ${total} · 3 attempts`),
      ).toBeVisible();
      await page.goto('/learn');
      await expect(page.getByText(/^1 of \d+ lessons read$/)).toBeVisible();
      const item = page.getByRole('link', { name: /Limit orders and when they fill/ });
      await expect(item.getByLabel(`Best quiz score ${total} of ${total}`)).toBeVisible();
      await expect(item.getByText('Read', { exact: true })).toBeVisible();
      expect(await severeAxeDetails(page)).toEqual([]);
    });
  });
}
