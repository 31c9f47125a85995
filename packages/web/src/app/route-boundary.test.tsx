import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { lazyPage } from './lazy-page.ts';
import { RouteSuspense } from './route-boundary.tsx';

describe('lazy screens', () => {
  it('show a retryable message, not a blank page, when their chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyPage('home', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    renderPage(
      <RouteSuspense>
        <Broken />
      </RouteSuspense>,
    );
    expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/Loading chunk home failed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('show the page once its chunk has loaded', async () => {
    const Page = lazyPage('page', () => Promise.resolve({ default: () => <p>loaded page</p> }));
    renderPage(
      <RouteSuspense>
        <Page />
      </RouteSuspense>,
    );
    expect(await screen.findByText('loaded page')).toBeInTheDocument();
  });
});
