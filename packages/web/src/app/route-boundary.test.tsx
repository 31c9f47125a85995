import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { lazyPage } from './lazy-page.ts';
import { loadOnce } from './settled-promise.ts';
import { RouteSuspense } from './route-boundary.tsx';

/**
 * A lazy screen suspends with `use()`, whose retry React queues in the test's act scope: the render
 * is awaited so that scope lets the retry run (React asks for this when a render suspends).
 */
async function renderSuspending(element: ReactNode) {
  await act(async () => {
    renderPage(element);
  });
}

describe('lazy screens', () => {
  it('show a retryable message, not a blank page, when their chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyPage('home', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await renderSuspending(
      <RouteSuspense>
        <Broken />
      </RouteSuspense>,
    );
    expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/Loading chunk home failed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reload by themselves once the server answers again, and not again within a minute', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const reload = vi.fn();
    const realLocation = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...realLocation, reload },
    });
    const answers = [new TypeError('Failed to fetch'), new Response('{}', { status: 200 })];
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next as Response;
    });
    try {
      sessionStorage.clear();
      const Broken = lazyPage('assets', () =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      );
      await renderSuspending(
        <RouteSuspense>
          <Broken />
        </RouteSuspense>,
      );
      expect(screen.getByText(/Trying again by itself/)).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTimeAsync(1000)); // first check: still down
      expect(reload).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTimeAsync(2000)); // second check, after 2 s: back
      expect(fetchMock).toHaveBeenCalledWith('/health', { cache: 'no-store' });
      expect(reload).toHaveBeenCalledTimes(1);
      // Reloaded a moment ago and failing again: a broken build, so no loop of reloads.
      expect(Number(sessionStorage.getItem('chunk-reload-at'))).toBeGreaterThan(0);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
      vi.useRealTimers();
      fetchMock.mockRestore();
    }
  });

  it('show the page once its chunk has loaded', async () => {
    const Page = lazyPage('page', () => Promise.resolve({ default: () => <p>loaded page</p> }));
    await renderSuspending(
      <RouteSuspense>
        <Page />
      </RouteSuspense>,
    );
    expect(await screen.findByText('loaded page')).toBeInTheDocument();
  });

  it('render in the first pass, with no loading bar, once their code has loaded', async () => {
    const load = loadOnce(() => Promise.resolve({ default: () => <p>loaded page</p> }));
    // As the entry does before its first render (route-chunks.ts warmRoute).
    await load();
    const Page = lazyPage('page', load);
    renderPage(
      <RouteSuspense>
        <Page />
      </RouteSuspense>,
    );
    expect(screen.getByText('loaded page')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
