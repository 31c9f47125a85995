import {
  createBrowserRouter,
  Outlet,
  ScrollRestoration,
  type DataRouter,
  type RouteObject,
} from 'react-router';
import type { ComponentType } from 'react';
import type { RouteHandle } from '../lib/page-title.tsx';
import { loadDataLayout, loadShell, pageLoaders, type PageName } from './route-chunks.ts';
import {
  asError,
  NavigationLoading,
  PageError,
  PageLoading,
  RouteError,
} from './route-boundary.tsx';

// Every screen is its own chunk (docs/product.md, Loading screens: screens load on demand), loaded
// by React Router's `lazy` route property: the router loads the chunks of every route a path
// matches side by side and renders once they are in, showing the loading bar meanwhile (and the
// page a navigation leaves until then). Everything but the landing page also sits below the data
// layout (TanStack Query, live socket, guards, plain layout): one chunk the public landing page
// never loads. Every route has the error boundary, so a chunk that fails shows its message where
// the screen would be.

/**
 * A route's `lazy` property: the component `pick` takes from the chunk `load` brings, or, when the
 * chunk cannot be loaded, the message saying so with Try again in its place. Not a rejection:
 * React Router keeps a route whose `lazy` rejected as still to load, and renders nothing below
 * the first route for it, so the message would never show.
 */
export function lazyComponent<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType = (module) => (module as { default: ComponentType }).default,
) {
  return async () => {
    try {
      return { Component: pick(await load()) };
    } catch (failure) {
      const error = asError(failure);
      return { Component: () => <PageError error={error} /> };
    }
  };
}

const shell = lazyComponent(loadShell);
const plainLayout = lazyComponent(loadDataLayout, (m) => m.PlainLayout);

const page = (path: string, title: string, name: PageName): RouteObject => ({
  path,
  handle: { title } satisfies RouteHandle,
  lazy: lazyComponent<{ default: ComponentType }>(pageLoaders[name]),
  ErrorBoundary: RouteError,
});

function Root() {
  return (
    <>
      <ScrollRestoration />
      <NavigationLoading />
      <Outlet />
    </>
  );
}

const shellPages: RouteObject[] = [
  page('/home', 'Home', 'home'),
  page('/assets', 'Assets', 'assets'),
  page('/asset', 'Asset', 'asset'),
  page('/explore', 'Explore', 'explore'),
  page('/leaderboard', 'Leaderboard', 'leaderboard'),
  page('/account', 'Account', 'account'),
  page('/order', 'Order', 'order'),
  page('/notifications', 'Notifications', 'notifications'),
  page('/transaction', 'Transaction', 'transaction'),
  page('/all-transactions', 'Transactions', 'allTransactions'),
  page('/learn', 'Learn', 'learn'),
  page('/watchlist', 'Watchlist', 'watchlist'),
  page('/portfolio', 'Portfolio', 'portfolio'),
  page('/contests', 'Contests', 'contests'),
  page('/contests/:id', 'Contest', 'contest'),
  // Behind the login guard: a visitor with a join link logs in and comes back here.
  page('/join/:code', 'Join a contest', 'join'),
];

/** Pages for anyone: inside the shell when signed in, in the plain layout otherwise. */
const openPages: RouteObject[] = [
  page('/user', 'Profile', 'user'),
  page('/preview', 'Preview', 'preview'),
  page('/icons', 'Icons', 'icons'),
];

const behindLanding: RouteObject[] = [
  {
    lazy: lazyComponent(loadDataLayout, (m) => m.RequireGuest),
    ErrorBoundary: RouteError,
    children: [
      {
        lazy: plainLayout,
        ErrorBoundary: RouteError,
        children: [
          page('/login', 'Log in', 'login'),
          page('/sign-up', 'Sign up', 'signUp'),
          page('/forgot-password', 'Forgot password', 'forgotPassword'),
          page('/reset-password', 'Reset password', 'resetPassword'),
        ],
      },
    ],
  },
  {
    lazy: lazyComponent(loadDataLayout, (m) => m.RequireUser),
    ErrorBoundary: RouteError,
    children: [
      {
        lazy: plainLayout,
        ErrorBoundary: RouteError,
        children: [page('/logout', 'Log out', 'logout')],
      },
      { lazy: shell, ErrorBoundary: RouteError, children: shellPages },
    ],
  },
  {
    // The shell's code comes with these pages for visitors too: a route's element is chosen
    // before the session is known, and the signed-in user's shell must not wait for a second load.
    lazy: lazyComponent(
      () => Promise.all([loadDataLayout(), loadShell()]),
      ([{ SessionSwitch, PlainLayout }, { default: AppShell }]) =>
        function OpenPageLayout() {
          return <SessionSwitch signedIn={<AppShell />} visitor={<PlainLayout />} />;
        },
    ),
    ErrorBoundary: RouteError,
    children: openPages,
  },
  {
    lazy: plainLayout,
    ErrorBoundary: RouteError,
    children: [
      page('/verify-email', 'Verify e-mail', 'verifyEmail'),
      page('*', 'Not found', 'notFound'),
    ],
  },
];

export const routes: RouteObject[] = [
  {
    Component: Root,
    // Until the first page's code is in (main.tsx waits for it a while before rendering at all).
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        path: '/',
        lazy: lazyComponent(pageLoaders.landing),
        ErrorBoundary: RouteError,
      },
      {
        lazy: lazyComponent(loadDataLayout),
        ErrorBoundary: RouteError,
        children: behindLanding,
      },
    ],
  },
];

export function createAppRouter(): DataRouter {
  return createBrowserRouter(routes);
}

/** Settles once `router` has loaded what its first path renders (or failed to). */
export function routerReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
