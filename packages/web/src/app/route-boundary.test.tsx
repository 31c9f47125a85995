import { act, render, screen } from '@testing-library/react';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  type DataRouter,
  type RouteObject,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { chunkLoader } from './route-chunks.ts';
import { NavigationLoading, PageLoading, RouteError } from './route-boundary.tsx';
import { lazyComponent, routerReady } from './router.tsx';

const failing = (chunk: string) =>
  chunkLoader(chunk, () =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  );

/** A screen loaded by React Router's `lazy` route property, as router.tsx declares them. */
function lazyRoute(path: string, load: () => Promise<{ default: () => React.ReactNode }>) {
  return { path, lazy: lazyComponent(load), ErrorBoundary: RouteError } satisfies RouteObject;
}

function Root() {
  return (
    <>
      <NavigationLoading />
      <Outlet />
    </>
  );
}

const inRoot = (children: RouteObject[]): RouteObject[] => [
  { Component: Root, HydrateFallback: PageLoading, ErrorBoundary: RouteError, children },
];

describe('lazy screens', () => {
  it('show a retryable message, not a blank page, when their chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // As in the app: the page's chunk fails below a layout whose chunk loaded.
    const layout = () =>
      Promise.resolve({
        default: () => (
          <main>
            <p>the shell</p>
            <Outlet />
          </main>
        ),
      });
    renderRoutes(
      inRoot([
        {
          lazy: lazyComponent(layout),
          ErrorBoundary: RouteError,
          children: [lazyRoute('/', failing('home'))],
        },
      ]),
    );
    expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('the shell')).toBeInTheDocument();
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
      renderRoutes(inRoot([lazyRoute('/', failing('assets'))]));
      await act(async () => vi.advanceTimersByTimeAsync(0)); // the failed load reaches the screen
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
    renderRoutes(
      inRoot([lazyRoute('/', () => Promise.resolve({ default: () => <p>loaded page</p> }))]),
    );
    expect(await screen.findByText('loaded page')).toBeInTheDocument();
  });

  it('render in the first pass, with no loading bar, once the router has their code', async () => {
    const router: DataRouter = createMemoryRouter(
      inRoot([lazyRoute('/', () => Promise.resolve({ default: () => <p>loaded page</p> }))]),
    );
    // As the entry does before its first render (main.tsx).
    await routerReady(router);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('loaded page')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('keep the page on screen with the loading bar while the next page loads', async () => {
    let arrive: (module: { default: () => React.ReactNode }) => void = () => undefined;
    const next = new Promise<{ default: () => React.ReactNode }>((resolve) => {
      arrive = resolve;
    });
    const { router } = renderRoutes(
      inRoot([
        lazyRoute('/', () => Promise.resolve({ default: () => <p>first page</p> })),
        lazyRoute('/next', () => next),
      ]),
    );
    expect(await screen.findByText('first page')).toBeInTheDocument();
    await act(async () => {
      void router.navigate('/next');
    });
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByText('first page')).toBeInTheDocument();
    await act(async () => arrive({ default: () => <p>next page</p> }));
    expect(await screen.findByText('next page')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('say so in place of a page that fails to render, and clear it on the next page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): React.ReactNode {
      throw new Error('The chart broke');
    }
    const { router } = renderRoutes(
      inRoot([
        { path: '/', Component: Broken, ErrorBoundary: RouteError },
        { path: '/other', element: <p>other page</p>, ErrorBoundary: RouteError },
      ]),
    );
    expect(await screen.findByText('Something went wrong on this page')).toBeInTheDocument();
    expect(screen.getByText('The chart broke')).toBeInTheDocument();
    await act(async () => {
      await router.navigate('/other');
    });
    expect(screen.getByText('other page')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong on this page')).not.toBeInTheDocument();
  });
});
