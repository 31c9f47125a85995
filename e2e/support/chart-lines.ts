/**
 * Finding and dragging the asset chart's order lines. The canvas has no elements to
 * press, so a line is found by its pixels: the row of the pane with the most pixels of its colour,
 * which is its legend swatch's.
 */
import { expect, type Page } from '@playwright/test';

/** The legend under the asset chart: "Your BCH orders on the chart". */
export const chartLegendOf = (page: Page, symbol: string) =>
  page.getByRole('list', { name: `Your ${symbol} orders on the chart` });

/** The colour a legend entry's swatch (and so its line) is drawn in: "rgb(25, 118, 210)". */
export async function lineColour(
  page: Page,
  symbol: string,
  label: string | RegExp,
): Promise<string> {
  const swatch = chartLegendOf(page, symbol)
    .getByRole('listitem')
    .filter({ hasText: label })
    .locator('[aria-hidden]')
    .first();
  return swatch.evaluate((el) => getComputedStyle(el).borderTopColor);
}

/**
 * The page y (CSS px) of the horizontal line drawn in `colour` on the chart's pane, or null:
 * the pane row (of its canvases) with the most pixels of that colour, if they cross a sixth of it.
 * A faded colour ("rgba(46, 125, 50, 0.5)", a waiting bracket's leg) is looked for as it shows
 * over the pane's background, the colour most of its pixels have (so not on a grid line).
 */
export async function lineY(
  page: Page,
  figureName: RegExp,
  colour: string,
): Promise<number | null> {
  const figure = page.getByRole('figure', { name: figureName });
  return figure.evaluate((el, wanted) => {
    const [r0, g0, b0, a = 1] = (wanted.match(/[\d.]+/g) ?? []).map(Number);
    const box = el.getBoundingClientRect();
    const panes = Array.from(el.querySelectorAll('canvas')).filter((c) => {
      const rect = c.getBoundingClientRect();
      return (
        Math.abs(rect.left - box.left) < 2 &&
        Math.abs(rect.top - box.top) < 2 &&
        rect.width > box.width / 2
      );
    });
    let best = { row: -1, count: 0, canvas: null as HTMLCanvasElement | null };
    for (const canvas of panes) {
      const { width, height } = canvas;
      if (width === 0 || height === 0) continue;
      const data = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
      let [r, g, b] = [r0!, g0!, b0!];
      if (a < 1) {
        const seen = new Map<number, number>();
        for (let i = 0; i < data.length; i += 4 * 97) {
          const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
        const bg = [...seen].sort((x, y) => y[1] - x[1])[0]?.[0] ?? 0;
        const blend = (c: number, shift: number) =>
          Math.round(a * c + (1 - a) * ((bg >> shift) & 255));
        [r, g, b] = [blend(r, 16), blend(g, 8), blend(b, 0)];
      }
      for (let y = 0; y < height; y += 1) {
        let count = 0;
        for (let x = 0; x < width; x += 1) {
          const i = (y * width + x) * 4;
          const near =
            Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b);
          if (near < 40 && data[i + 3]! > 200) count += 1;
        }
        if (count > best.count) best = { row: y, count, canvas };
      }
    }
    if (!best.canvas || best.count < best.canvas.width / 6) return null;
    const rect = best.canvas.getBoundingClientRect();
    return rect.top + ((best.row + 0.5) * rect.height) / best.canvas.height;
  }, colour);
}

/** Waits for the line to be drawn and steady, and answers its page y. */
export async function steadyLineY(page: Page, figureName: RegExp, colour: string): Promise<number> {
  let last: number | null = null;
  await expect
    .poll(async () => {
      const y = await lineY(page, figureName, colour);
      const steady = y !== null && last !== null && Math.abs(y - last) < 1;
      last = y;
      return steady;
    })
    .toBe(true);
  return last!;
}

/** A press on the chart at page y, moved in steps to y + dy; `held` runs before the release. */
export async function dragLine(
  page: Page,
  x: number,
  y: number,
  dy: number,
  held?: () => Promise<void>,
) {
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1) await page.mouse.move(x, y + (dy * i) / 8);
  await held?.();
  await page.mouse.up();
}
