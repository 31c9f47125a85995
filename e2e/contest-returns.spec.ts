import { STARTING_BALANCE_USD } from '@papertrade/domain';
import { expect, test } from '@playwright/test';
import { authHeaders, setPrice, signUpViaApi } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';
import { openContest, teacherViaApi } from './support/contests.ts';

/**
 * A class page's returns chart follows the board beside it: a student's trade and a price move
 * reach the board over /live within seconds, and the chart's legend must say the same then, not
 * after its next fetch a minute later. FIL is moved only here (support/api.ts, PRICE_MOVERS).
 */
const LIVE = { timeout: 15_000 };
const PERCENT = /[+−-]?\d[\d,]*\.\d+%/;

test("the class returns chart's legend follows the board after a trade, without a reload", async ({
  page,
  request,
}) => {
  const teacher = await teacherViaApi(request);
  const now = Date.now();
  const name = `Returns ${now.toString(36).slice(-5)}`;
  const created = await request.post('/contests', {
    headers: authHeaders(teacher),
    data: {
      name,
      kind: 'CLASS',
      visibility: 'PRIVATE',
      startingBalance: STARTING_BALANCE_USD,
      startsAt: now - 60_000,
      endsAt: now + 86_400_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { joinCode } = (await created.json()) as { joinCode: string };
  const student = await signUpViaApi(request);
  const joined = await request.post('/contests/join', {
    headers: authHeaders(student),
    data: { code: joinCode },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const { walletAddress } = (await joined.json()) as { walletAddress: string };
  await setPrice(request, 'filusd', 6.42);

  // The teacher watches the class page before the student trades.
  await loginInBrowser(page, teacher);
  await openContest(page, 'Owned', name);
  const boardRow = page
    .getByRole('table', { name: 'Contest leaderboard' })
    .getByRole('row')
    .filter({ hasText: student.username });
  const returns = page.getByRole('region', { name: /traders' returns$/ });
  const legendItem = returns.getByRole('listitem').filter({ hasText: student.username });
  await expect(legendItem).toContainText('0.00%');

  const bought = await request.post('/purchase-asset', {
    headers: { ...authHeaders(student), Wallet: walletAddress },
    data: { symbol: 'FIL', walletAddress, assetAmount: 50_000, unit: 'USD' },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  await setPrice(request, 'filusd', 8);

  const figure = async (text: Promise<string | null>) => PERCENT.exec((await text) ?? '')?.[0];
  /** The board's and the legend's figure once they agree on one other than `before`. */
  const agreed = async (before: string) => {
    let shown = before;
    await expect
      .poll(async () => {
        const [board, legend] = await Promise.all([
          figure(boardRow.textContent()),
          figure(legendItem.textContent()),
        ]);
        if (board !== undefined && board !== before && board === legend) shown = board;
        return shown !== before;
      }, LIVE)
      .toBe(true);
    return shown;
  };
  const first = await agreed('0.00%');
  expect(first).toMatch(/^\+/);
  // Once more at once: the chart's own fetch, a minute apart, cannot meet both in time.
  await setPrice(request, 'filusd', 9);
  expect(await agreed(first)).toMatch(/^\+/);
});
