import { expect, test, type Page } from '@playwright/test';
import { buyViaApi, signUpViaApi } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';
import { classViaApi, openBuyBitcoin, studentIn, teacherViaApi } from './support/contests.ts';

// Class rules from the teacher's create form to the student's trade panel (docs/api.md, "Trade
// notes" and "Class rules and reports"): a buy past the position limit is refused under the amount,
// an order without a note under the note; the note shows on the transaction page and the teacher
// reads it in the member's view. A rule the teacher sets later, in the class's rules form, holds
// from the next order.
// Buys are of BTC, which no spec moves (support/api.ts, PRICE_MOVERS).
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** The teacher's create form: a class where one asset may take 25 % and every order needs a note. */
async function createClassWithRules(page: Page, name: string, phone: boolean) {
  await page.goto('/home');
  // A phone has no sidebar: Contests is in the account menu.
  if (phone) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Contests' }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contests' })
      .click();
  }
  await page.getByRole('button', { name: 'Create' }).click();
  const form = page.getByRole('dialog', { name: 'Create a contest' });
  await form.getByLabel(/^Name/).fill(name);
  await form.getByRole('radio', { name: /^Class/ }).check();
  await form.getByLabel('Largest position (% of portfolio)').fill('25');
  await form.getByRole('checkbox', { name: 'Ask for a note with every order' }).check();
  await form.getByRole('button', { name: 'Preview rules' }).click();
  const preview = page.getByRole('dialog', { name: 'Check the rules' });
  await expect(preview.getByLabel('Rules preview')).toContainText(
    'At most 25% of the portfolio in one asset',
  );
  await preview.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/contests\/[^/]+$/);
  const joinLink = new URL(await page.getByLabel('Join link').inputValue());
  return { path: new URL(page.url()).pathname, joinPath: joinLink.pathname };
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport });

    test('a class with a position limit and notes: the student is refused under the field, then trades with a note the teacher reads', async ({
      browser,
      page,
      request,
    }) => {
      const teacher = await teacherViaApi(request);
      const student = await signUpViaApi(request);
      const name = `Rules ${size} ${Date.now().toString(36).slice(-5)}`;

      const phone = viewport.width < 600;
      await loginInBrowser(page, teacher);
      const klass = await createClassWithRules(page, name, phone);

      // The student, in a browser of their own, joins by the link: the app now trades the class.
      const studentContext = await browser.newContext({ viewport });
      const s = await studentContext.newPage();
      await loginInBrowser(s, student);
      await s.goto(klass.joinPath);
      await s.getByRole('button', { name: 'Join class' }).click();
      await expect(s).toHaveURL(klass.path);
      await expect(s.getByText(/You are trading in this contest/)).toBeVisible();
      const form = await openBuyBitcoin(s, phone);
      const amount = form.getByLabel('Amount');
      const note = form.getByRole('textbox', { name: /^Note/ });
      await expect(note).toHaveAccessibleName(/your class asks for one/);

      // Half the portfolio in bitcoin is past the 25 % limit: the server refuses it under the amount.
      await amount.fill('50000');
      await note.fill('All in on the halving');
      await form.getByRole('button', { name: 'Buy BTC' }).click();
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      await expect(amount).toHaveAccessibleDescription(/at most 25% of the portfolio in one asset/);

      // Within the limit but without a note: refused under the note, and nothing is bought.
      await amount.fill('5000');
      await note.fill('');
      await form.getByRole('button', { name: 'Buy BTC' }).click();
      await expect(note).toHaveAttribute('aria-invalid', 'true');
      await expect(note).toHaveAccessibleDescription(
        'Your class asks for a note with every order: say why you place it',
      );
      await expect(amount).not.toHaveAttribute('aria-invalid', 'true');

      // With a note the order goes through.
      await note.fill('Small first position to learn the fees');
      await form.getByRole('button', { name: 'Buy BTC' }).click();
      const success = s.getByRole('dialog', { name: 'Transaction Successful!' });
      await success.getByRole('button', { name: 'View details' }).click();
      const details = s.getByRole('table', { name: 'Transaction details' });
      await expect(details.getByRole('row', { name: /^Note/ })).toContainText(
        'Small first position to learn the fees',
      );
      await studentContext.close();

      // The teacher reads the note in the member's view, and the rules panel lists the rules.
      await page.goto(klass.path);
      const rules = page.getByRole('region', { name: 'Rules', exact: true });
      await expect(rules).toContainText('At most 25% of the portfolio in one asset');
      await expect(rules).toContainText('A note with every order');
      const members = page.getByRole('table', { name: 'Members' });
      await members.getByRole('button', { name: `View ${student.username}'s portfolio` }).click();
      const portfolio = page.getByRole('dialog', { name: /'s portfolio$/ });
      const notes = portfolio.getByRole('list', { name: 'Trade notes' });
      await expect(notes.getByRole('listitem')).toHaveCount(1);
      await expect(notes).toContainText('Small first position to learn the fees');
      await expect(notes).toContainText('Buy BTC');
    });

    test("the teacher allows one order a day in the class's rules form: the panel lists it and the student's second order is refused under the amount", async ({
      browser,
      page,
      request,
    }) => {
      const teacher = await teacherViaApi(request);
      const klass = await classViaApi(request, teacher, {
        name: `Daily ${size} ${Date.now().toString(36).slice(-5)}`,
      });
      const student = await studentIn(request, klass.joinCode);

      await loginInBrowser(page, teacher);
      await page.goto(`/contests/${klass.id}`);
      const rules = page.getByRole('region', { name: 'Rules', exact: true });
      await expect(rules).not.toContainText('order a day');
      const editor = page.getByRole('form', { name: 'Class rules' });
      await editor.getByLabel('Orders per day').fill('1');
      await editor.getByRole('button', { name: 'Save rules' }).click();
      await expect(editor.getByText('Rules saved: they apply to the next order.')).toBeVisible();
      await expect(rules).toContainText('At most 1 order a day (UTC)');

      // The day's one order, then a second in the browser: refused, and said under the amount.
      await buyViaApi(request, student, 'BTC', 500);
      const studentContext = await browser.newContext({ viewport });
      const s = await studentContext.newPage();
      await loginInBrowser(s, student);
      await s.goto(`/contests/${klass.id}`);
      await expect(s.getByText(/You are trading in this contest/)).toBeVisible();
      const form = await openBuyBitcoin(s, viewport.width < 600);
      const amount = form.getByLabel('Amount');
      await amount.fill('500');
      await form.getByRole('button', { name: 'Buy BTC' }).click();
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      await expect(amount).toHaveAccessibleDescription(
        /Your class allows 1 order a day and you placed 1 today/,
      );
      await studentContext.close();
    });

    test('a class ranked by Sharpe ratio shows the ratio beside the return on its board', async ({
      page,
      request,
    }) => {
      const teacher = await teacherViaApi(request);
      const klass = await classViaApi(request, teacher, {
        name: `Sharpe ${size} ${Date.now().toString(36).slice(-5)}`,
        rankBy: 'SHARPE',
      });
      const student = await studentIn(request, klass.joinCode);
      await buyViaApi(request, student, 'BTC', 500);

      await loginInBrowser(page, teacher);
      await page.goto(`/contests/${klass.id}`);
      await expect(page.getByRole('region', { name: 'Rules', exact: true })).toContainText(
        'By Sharpe ratio of daily returns',
      );
      // The figure that ranks the board shows at both sizes, the return beside it.
      const board = page.getByRole('table', { name: 'Contest leaderboard' });
      await expect(board.getByRole('row').filter({ hasText: student.username })).toBeVisible();
      await expect(board.getByRole('columnheader', { name: 'Sharpe' })).toBeVisible();
      await expect(board.getByRole('columnheader', { name: 'Return' })).toBeVisible();
      // And the board still fits: no sideways scroll of its box nor of the page.
      const standings = page.getByRole('region', { name: 'Contest standings' });
      expect(await standings.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  });
}
