import { useState } from 'react';
import {
  createBrowserRouter,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  type RouteObject,
} from 'react-router';
import type { RouteHandle } from '../lib/page-title.tsx';
import { lazyPage } from './lazy-page.ts';
import { RouteSuspense } from './route-boundary.tsx';

// Every screen is its own chunk (SPEC §7: screens load on demand). Everything but the landing page
// also sits below the data layout (TanStack Query, live socket, guards, plain layout): one chunk the
// public landing page never loads.
const dataChunk = () => import('./data-layout.tsx');
const DataLayout = lazyPage('app', dataChunk);
const RequireUser = lazyPage('app', () => dataChunk().then((m) => ({ default: m.RequireUser })));
const RequireGuest = lazyPage('app', () => dataChunk().then((m) => ({ default: m.RequireGuest })));
const SessionSwitch = lazyPage('app', () =>
  dataChunk().then((m) => ({ default: m.SessionSwitch })),
);
const LazyPlainLayout = lazyPage('app', () =>
  dataChunk().then((m) => ({ default: m.PlainLayout })),
);
const AppShell = lazyPage('shell', () => import('./shell/app-shell.tsx'));
const LandingPage = lazyPage('landing', () => import('../features/landing/landing-page.tsx'));
const LoginPage = lazyPage('login', () => import('../features/auth/login-page.tsx'));
const SignUpPage = lazyPage('sign-up', () => import('../features/auth/sign-up-page.tsx'));
const ForgotPasswordPage = lazyPage(
  'forgot-password',
  () => import('../features/auth/forgot-password-page.tsx'),
);
const ResetPasswordPage = lazyPage(
  'reset-password',
  () => import('../features/auth/reset-password-page.tsx'),
);
const VerifyEmailPage = lazyPage(
  'verify-email',
  () => import('../features/auth/verify-email-page.tsx'),
);
const LogoutPage = lazyPage('logout', () => import('../features/auth/logout-page.tsx'));
const HomePage = lazyPage('home', () => import('../features/home/home-page.tsx'));
const AssetsPage = lazyPage('assets', () => import('../features/assets/assets-page.tsx'));
const AssetPage = lazyPage('asset', () => import('../features/asset/asset-page.tsx'));
const ExplorePage = lazyPage('explore', () => import('../features/explore/explore-page.tsx'));
const LeaderboardPage = lazyPage(
  'leaderboard',
  () => import('../features/leaderboard/leaderboard-page.tsx'),
);
const AccountPage = lazyPage('account', () => import('../features/account/account-page.tsx'));
const OrderPage = lazyPage('order', () => import('../features/order/order-page.tsx'));
const NotificationsPage = lazyPage(
  'notifications',
  () => import('../features/notifications/notifications-page.tsx'),
);
const TransactionPage = lazyPage(
  'transaction',
  () => import('../features/transactions/transaction-page.tsx'),
);
const AllTransactionsPage = lazyPage(
  'all-transactions',
  () => import('../features/transactions/all-transactions-page.tsx'),
);
const LearnPage = lazyPage('learn', () => import('../features/learn/learn-page.tsx'));
const WatchlistPage = lazyPage(
  'watchlist',
  () => import('../features/watchlist/watchlist-page.tsx'),
);
const UserPage = lazyPage('user', () => import('../features/user/user-page.tsx'));
const PreviewPage = lazyPage('preview', () => import('../features/preview/preview-page.tsx'));
const IconsPage = lazyPage('icons', () => import('../features/icons/icons-page.tsx'));
const NotFoundPage = lazyPage(
  'not-found',
  () => import('../features/not-found/not-found-page.tsx'),
);

const page = (path: string, title: string, Page: React.ComponentType): RouteObject => ({
  path,
  element: <Page />,
  handle: { title } satisfies RouteHandle,
});

function Shell() {
  return (
    <RouteSuspense>
      <AppShell />
    </RouteSuspense>
  );
}

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

const shellPages: RouteObject[] = [
  page('/home', 'Home', HomePage),
  page('/assets', 'Assets', AssetsPage),
  page('/asset', 'Asset', AssetPage),
  page('/explore', 'Explore', ExplorePage),
  page('/leaderboard', 'Leaderboard', LeaderboardPage),
  page('/account', 'Account', AccountPage),
  page('/order', 'Order', OrderPage),
  page('/notifications', 'Notifications', NotificationsPage),
  page('/transaction', 'Transaction', TransactionPage),
  page('/all-transactions', 'Transactions', AllTransactionsPage),
  page('/learn', 'Learn', LearnPage),
  page('/watchlist', 'Watchlist', WatchlistPage),
];

/** Pages for anyone: inside the shell when signed in, in the plain layout otherwise. */
const openPages: RouteObject[] = [
  page('/user', 'Profile', UserPage),
  page('/preview', 'Preview', PreviewPage),
  page('/icons', 'Icons', IconsPage),
];

/** The plain layout (auth forms, verify e-mail, not-found) comes with the data chunk. */
function PlainLayout() {
  return (
    <RouteSuspense>
      <LazyPlainLayout />
    </RouteSuspense>
  );
}

const behindLanding: RouteObject[] = [
  {
    element: (
      <RouteSuspense>
        <RequireGuest />
      </RouteSuspense>
    ),
    children: [
      {
        element: <PlainLayout />,
        children: [
          page('/login', 'Log in', LoginPage),
          page('/sign-up', 'Sign up', SignUpPage),
          page('/forgot-password', 'Forgot password', ForgotPasswordPage),
          page('/reset-password', 'Reset password', ResetPasswordPage),
        ],
      },
    ],
  },
  {
    element: (
      <RouteSuspense>
        <RequireUser />
      </RouteSuspense>
    ),
    children: [
      { element: <PlainLayout />, children: [page('/logout', 'Log out', LogoutPage)] },
      { element: <Shell />, children: shellPages },
    ],
  },
  {
    element: (
      <RouteSuspense>
        <SessionSwitch signedIn={<Shell />} visitor={<PlainLayout />} />
      </RouteSuspense>
    ),
    children: openPages,
  },
  {
    element: <PlainLayout />,
    children: [
      page('/verify-email', 'Verify e-mail', VerifyEmailPage),
      page('*', 'Not found', NotFoundPage),
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: '/',
        element: (
          <RouteSuspense>
            <LandingPage />
          </RouteSuspense>
        ),
      },
      {
        element: (
          <RouteSuspense>
            <DataLayout />
          </RouteSuspense>
        ),
        children: behindLanding,
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
