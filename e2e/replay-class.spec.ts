import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authHeaders, signUpViaApi, type TestUser } from './support/api.ts';
import { loginInBrowser } from './support/browser.ts';
import { teacherViaApi } from './support/contests.ts';

// A replay class (docs/market-data.md, Replay contests): a teacher replays a real crash, two
// students trade through it on the replayed prices, and the board ranks them by those prices, not
// the live ones. The candles go in through `npm run import-history`, as a teacher's would.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const MINUTE = 60_000;
/**
 * 19 May 2021, 13:00 UTC: BTC at 40,000 for 45 minutes, then 30,000 for 5 (the crash). The 45 s
 * before it leave Ann's browser time to buy on a loaded machine.
 */
const FROM = Date.UTC(2021, 4, 19, 13, 0);
const TO = FROM + 50 * MINUTE;
/** A minute of history a second: the crash comes 45 s after the start. */
const SPEED = 60;

function importCandles() {
  const dir = mkdtempSync(path.join(tmpdir(), 'replay-e2e-'));
  const file = path.join(dir, 'BTCUSDT-1m-2021-05.csv');
  const lines = Array.from({ length: 50 }, (_, minute) => {
    const open = FROM + minute * MINUTE;
    const price = minute < 45 ? '40000.00' : '30000.00';
    return [
      open,
      price,
      price,
      price,
      price,
      '12.5',
      open + MINUTE - 1,
      '500000',
      '100',
      '6',
      '250000',
      '0',
    ].join(',');
  });
  writeFileSync(file, `${lines.join('\n')}\n`);
  execFileSync('node', ['--import', 'tsx', 'packages/server/src/import-history-main.ts', file], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
    stdio: 'pipe',
  });
}

async function replayClass(request: APIRequestContext) {
  const teacher = await teacherViaApi(request);
  const now = Date.now();
  const created = await request.post('/contests', {
    headers: authHeaders(teacher),
    data: {
      name: 'Crash of May 2021',
      kind: 'CLASS',
      visibility: 'PRIVATE',
      startingBalance: 10_000,
      startsAt: now,
      endsAt: now + 3_600_000,
      allowedSymbols: ['BTC'],
      priceSource: { kind: 'REPLAY', from: FROM, to: TO, speed: SPEED },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; name: string; joinCode: string; endsAt: number };
}

async function joinViaApi(request: APIRequestContext, student: TestUser, code: string) {
  const joined = await request.post('/contests/join', {
    headers: authHeaders(student),
    data: { code },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  return ((await joined.json()) as { walletAddress: string }).walletAddress;
}

/** Buys $5,000 of BTC in the trade panel (desktop) or the trade sheet (phone), at the replayed price. */
async function buyInBrowser(page: Page, phone: boolean) {
  await page.goto('/asset?pair=btcusd');
  let form;
  if (phone) {
    await page.getByRole('button', { name: 'Trade', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Trade BTC' })
      .getByRole('button', { name: /^Buy BTC/ })
      .click();
    form = page.getByRole('dialog', { name: 'Buy Bitcoin' });
  } else {
    form = page.getByRole('form', { name: 'Buy Bitcoin' });
  }
  // The panel quotes the replay's 40,000, not the live price.
  await expect(form.getByText('$40,000.00')).toBeVisible();
  await form.getByLabel('Amount').fill('5000');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(page.getByRole('dialog', { name: 'Transaction Successful!' })).toBeVisible();
}

for (const [label, viewport] of [
  ['on a desktop', DESKTOP],
  ['on a phone', PHONE],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test('a teacher replays a crash for a class: two students trade through it and the board ranks them on the replayed prices', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      importCandles();
      const ann = await signUpViaApi(request);
      const bob = await signUpViaApi(request);
      const klass = await replayClass(request);
      await joinViaApi(request, ann, klass.joinCode);
      const bobWallet = await joinViaApi(request, bob, klass.joinCode);

      // Ann opens the class: the replay's clock and speed, then buys in the browser before the crash.
      await loginInBrowser(page, ann);
      await page.goto(`/contests/${klass.id}`);
      await expect(page.getByRole('heading', { level: 2, name: klass.name })).toBeVisible();
      await expect(page.getByRole('timer', { name: 'Replay clock' })).toContainText(
        '2021-05-19 13:',
      );
      await expect(page.getByLabel('Replay speed')).toContainText('60×');
      await expect(page.getByText(/You are trading in this contest/)).toBeVisible();
      await buyInBrowser(page, viewport === PHONE);

      // Bob buys and sells again before the crash, through the API.
      const order = (url: string, data: Record<string, unknown>) =>
        request.post(url, {
          headers: { ...authHeaders(bob), Wallet: bobWallet },
          data: { walletAddress: bobWallet, symbol: 'BTC', ...data },
        });
      const bought = await order('/purchase-asset', { assetAmount: 5_000, unit: 'USD' });
      expect(bought.status(), await bought.text()).toBe(200);
      const sold = await order('/sell-asset', { assetAmount: 0.125, unit: 'SYMBOL' });
      expect(sold.status(), await sold.text()).toBe(200);

      // Through the crash, Ann's bitcoin is worth a quarter less: Bob leads the board.
      await page.goto(`/contests/${klass.id}`);
      await expect(page.getByRole('timer', { name: 'Replay clock' })).toContainText(
        /2021-05-19 13:(4[5-9]|50)/,
        { timeout: 45_000 },
      );
      const board = page.getByRole('table', { name: 'Contest leaderboard' });
      await expect(async () => {
        await page.reload();
        const rows = board.getByRole('row');
        await expect(rows.nth(1)).toContainText(bob.username);
        await expect(rows.nth(2)).toContainText(ann.username);
      }).toPass({ timeout: 20_000 });
    });
  });
}
