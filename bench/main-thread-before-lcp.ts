/**
 * The floor of bench:lcp (home-lcp.ts): how long the page's main thread was busy between the
 * navigation's start and the largest contentful paint, from Chromium's own trace of one cold load
 * (its top-level tasks on the page's renderer thread: parsing, running the scripts, React's
 * render, style, layout and paint). No network can make the paint come before that work is done,
 * so with the first screen built in the browser it bounds the LCP from below on this CPU. Tracing
 * slows the load a little: the figure is this load's, not one of the timed ones.
 */
import type { Browser, BrowserContext } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { isOutermostMainFrame?: boolean; navigationId?: string } };
}

export interface MainThreadBeforeLcp {
  /** The traced load's LCP, from its navigation's start. */
  lcpMs: number;
  /** Main-thread task time in that span. */
  busyMs: number;
}

/** Merged length of the intervals' parts inside [from, to]. */
function coveredWithin(intervals: [number, number][], from: number, to: number): number {
  let covered = 0;
  let end = from;
  for (const [start, stop] of [...intervals].sort((a, b) => a[0] - b[0])) {
    const s = Math.max(start, end);
    const e = Math.min(stop, to);
    if (e > s) covered += e - s;
    end = Math.max(end, Math.min(stop, to));
  }
  return covered;
}

/** Loads `url` in `context` (a fresh one, set up as the timed loads are) under Chromium's trace. */
export async function mainThreadBeforeLcp(
  browser: Browser,
  context: BrowserContext,
  url: string,
): Promise<MainThreadBeforeLcp> {
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['toplevel', 'loading', 'blink.user_timing'] });
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('figure', { name: /Total balance/ }).waitFor();
  await page.waitForLoadState('networkidle');
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: TraceEvent[];
  };
  const candidates = traceEvents.filter(
    (e) => e.name === 'largestContentfulPaint::Candidate' && e.args?.data?.isOutermostMainFrame,
  );
  const lcp = candidates.at(-1);
  if (!lcp) throw new Error('the traced load recorded no largest contentful paint');
  // Other frames' documents start navigations too; the paint names its own.
  const start = traceEvents.find(
    (e) =>
      e.name === 'navigationStart' && e.args?.data?.navigationId === lcp.args?.data?.navigationId,
  );
  if (!start) throw new Error('the traced load recorded no navigation start');
  const tasks = traceEvents
    .filter(
      (e) =>
        e.name === 'ThreadControllerImpl::RunTask' &&
        e.ph === 'X' &&
        e.pid === lcp.pid &&
        e.tid === lcp.tid,
    )
    .map((e): [number, number] => [e.ts, e.ts + (e.dur ?? 0)]);
  return {
    lcpMs: (lcp.ts - start.ts) / 1000,
    busyMs: coveredWithin(tasks, start.ts, lcp.ts) / 1000,
  };
}
