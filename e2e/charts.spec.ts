import type { Page } from '@playwright/test';
import { buyViaApi, setPrice } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { skipOnboarding } from './support/pages-helpers.ts';

/**
 * The price axis's labels inside the chart's top and bottom edges, the price
 * tag and the header on one price, and a new account's balance history. The canvas's text is not
 * in the page, so clipping is read from the price axis's pixels: a label cut by the top or bottom
 * edge leaves text-coloured ink in that edge's outermost pixel row, a whole label never does.
 * (The time axis's first date is not checked this way: a date cut between its digits leaves
 * no ink at the left edge.) ADA's price is moved only here; trades buy BTC.
 */

interface Edges {
  /** Ink pixels in the price axis's top and bottom rows. */
  priceTop: number;
  priceBottom: number;
  /** Both axes have labels drawn at all (so zeros above are not an empty chart). */
  drawn: boolean;
}

/** The ink along the edges of the figure `name`'s price axis (right) and time axis (bottom). */
async function axisEdges(page: Page, name: string): Promise<Edges> {
  return page.evaluate((label) => {
    const figure = document.querySelector(`[role="figure"][aria-label="${label}"]`);
    if (!figure) throw new Error(`No figure ${label}`);
    const box = figure.getBoundingClientRect();
    const near = (a: number, b: number) => Math.abs(a - b) < 2;
    const canvases = Array.from(figure.querySelectorAll('canvas')).map((canvas) => ({
      canvas,
      rect: canvas.getBoundingClientRect(),
    }));
    const priceAxis = canvases.filter(
      ({ rect }) =>
        near(rect.right, box.right) && near(rect.top, box.top) && rect.width < box.width / 2,
    );
    const timeAxis = canvases.filter(
      ({ rect }) =>
        near(rect.left, box.left) && near(rect.bottom, box.bottom) && rect.width > box.width / 2,
    );
    if (priceAxis.length === 0 || timeAxis.length === 0) throw new Error('Axes not found');

    /** Counts pixels unlike the canvas's commonest colour inside [x0, x1) x [y0, y1). */
    const ink = (canvas: HTMLCanvasElement, x0: number, x1: number, y0: number, y1: number) => {
      const { width, height } = canvas;
      if (width === 0 || height === 0) return { count: 0, any: 0 };
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
      const counts = new Map<number, number>();
      for (let i = 0; i < pixels.length; i += 4) {
        const key =
          ((pixels[i]! << 24) | (pixels[i + 1]! << 16) | (pixels[i + 2]! << 8) | pixels[i + 3]!) >>>
          0;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const background = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
      const bg = [
        background >>> 24,
        (background >>> 16) & 255,
        (background >>> 8) & 255,
        background & 255,
      ];
      const contrast = (i: number) =>
        Math.max(...[0, 1, 2, 3].map((c) => Math.abs(pixels[i + c]! - bg[c]!)));
      let count = 0;
      let any = 0;
      for (let y = 0; y < height; y += 1)
        for (let x = 0; x < width; x += 1) {
          const seen = contrast((y * width + x) * 4);
          if (seen > 80) any += 1;
          // Nearly full text colour: a stroke that goes on past the edge. A whole label drawn
          // flush with the edge covers its outermost pixels by half at most.
          if (seen > 100 && x >= x0 && x < x1 && y >= y0 && y < y1) count += 1;
        }
      return { count, any };
    };
    const sum = (
      list: typeof canvases,
      area: (c: HTMLCanvasElement) => [number, number, number, number],
    ) =>
      list.reduce(
        (total, { canvas }) => {
          const found = ink(canvas, ...area(canvas));
          return { count: total.count + found.count, any: total.any + found.any };
        },
        { count: 0, any: 0 },
      );
    const dpr = window.devicePixelRatio;
    // The price axis's own border is its left column and tick marks sit beside it: skip 6 px.
    const priceTop = sum(priceAxis, (c) => [6 * dpr, c.width, 0, Math.ceil(dpr)]);
    const priceBottom = sum(priceAxis, (c) => [
      6 * dpr,
      c.width,
      c.height - Math.ceil(dpr),
      c.height,
    ]);
    const timeLabels = sum(timeAxis, () => [0, 0, 0, 0]);
    return {
      priceTop: priceTop.count,
      priceBottom: priceBottom.count,
      drawn: priceTop.any > 0 && timeLabels.any > 0,
    };
  }, name);
}

const UNCUT: Edges = { priceTop: 0, priceBottom: 0, drawn: true };

async function expectUncut(page: Page, name: string) {
  await expect(page.getByRole('figure', { name })).toBeVisible();
  await expect
    .poll(() => axisEdges(page, name), { message: `labels of "${name}" cut at an edge` })
    .toEqual(UNCUT);
}

for (const size of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('the asset chart keeps its price labels inside its edges', async ({ page, user }) => {
      expect(user.walletAddress).toBeTruthy();
      await skipOnboarding(page);
      await page.goto('/asset?pair=adausd');
      const group = page.getByRole('group', { name: 'Candle interval' });
      for (const interval of ['1h', '1d', '1m'] as const) {
        await group.getByRole('button', { name: interval, exact: true }).click();
        await expectUncut(page, `Cardano price, ${interval} candles`);
      }
    });

    test('the balance chart keeps its price labels inside its edges', async ({
      page,
      request,
      user,
    }) => {
      await buyViaApi(request, user, 'BTC', 1000);
      await skipOnboarding(page);
      await page.goto('/home');
      const group = page.getByRole('group', { name: 'Balance range' });
      for (const [button, name] of [
        ['7D', 'last 7 days'],
        ['1D', 'last day'],
        ['30D', 'last 30 days'],
        ['Max', 'all time'],
      ] as const) {
        await group.getByRole('button', { name: button }).click();
        await expectUncut(page, `Total balance, ${name}`);
      }
    });
  });
}

test("the chart's price tag reads the header's price, by the same rule", async ({ page, user }) => {
  expect(user.walletAddress).toBeTruthy();
  await skipOnboarding(page);
  await page.goto('/asset?pair=adausd');
  const header = page.locator('[data-price] p').first();
  const figure = page.getByRole('figure', { name: 'Cardano price, 1h candles' });
  await expect(figure).toBeVisible();
  // The tag reads what the figure's description says (the chart's last value by the same formatter).
  const tag = async () => {
    const id = await figure.getAttribute('aria-describedby');
    return id ? page.locator(`[id="${id}"]`).textContent() : null;
  };
  // The header follows /live every second, the candles are fetched every minute: a price set
  // after the page loaded must reach the tag at once. 1.0351 and 1.0349 round apart ($1.04, $1.03).
  for (const price of [1.0351, 1.0349, 1.5]) {
    await setPrice(page.request, 'adausd', price);
    await expect
      .poll(async () => {
        const [shown, tagged] = await Promise.all([header.textContent(), tag()]);
        return tagged === `Last price ${shown}` && Math.abs(Number(shown?.slice(1)) - price) < 0.05;
      })
      .toBe(true);
  }
});

test("a new account's balance history says it starts with the first trade", async ({
  page,
  request,
  user,
}) => {
  await skipOnboarding(page);
  await page.goto('/home');
  const card = page.getByRole('region', { name: 'Balance history' });
  await expect(card.getByText('Your balance history starts with your first trade.')).toBeVisible();
  await expect(card.getByRole('figure')).toHaveCount(0);
  // The first trade reaches the page over /live, and the chart takes the message's place.
  await buyViaApi(request, user, 'BTC', 500);
  await expect(card.getByRole('figure', { name: 'Total balance, last 7 days' })).toBeVisible();
  await expect(card.getByText('Your balance history starts with your first trade.')).toHaveCount(0);
  await expectUncut(page, 'Total balance, last 7 days');
});
