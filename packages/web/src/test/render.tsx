import { ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createAppTheme } from '../app/theme.ts';
import { ThemeModeProvider } from '../lib/theme-mode.tsx';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders routes in a memory router with the app's providers; returns the router to inspect. */
export function renderRoutes(
  routes: RouteObject[],
  initialPath = '/',
  queryClient = testQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        {(mode) => (
          <ThemeProvider theme={createAppTheme(mode)}>
            <RouterProvider router={router} />
          </ThemeProvider>
        )}
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** One element at `/`, plus a marker page at every other path it may navigate to. */
export function renderPage(element: ReactNode, extraPaths: string[] = []) {
  return renderRoutes([
    { path: '/', element },
    ...extraPaths.map((path) => ({ path, element: <p>page {path}</p> })),
  ]);
}
