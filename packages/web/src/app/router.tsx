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
import { loadDataLayout, loadShell, pageLoaders } from './route-chunks.ts';
import { RouteSuspense } from './route-boundary.tsx';

// Every screen is its own chunk (docs/product.md, Loading screens: screens load on demand). Everything but the landing page
// also sits below the data layout (TanStack Query, live socket, guards, plain layout): one chunk the
// public landing page never loads. The loaders live in route-chunks.ts, which the entry also calls
// to start the opened page's chunks at once.
const DataLayout = lazyPage('app', loadDataLayout);
const RequireUser = lazyPage('app', loadDataLayout, (m) => m.RequireUser);
const RequireGuest = lazyPage('app', loadDataLayout, (m) => m.RequireGuest);
const SessionSwitch = lazyPage('app', loadDataLayout, (m) => m.SessionSwitch);
const LazyPlainLayout = lazyPage('app', loadDataLayout, (m) => m.PlainLayout);
const AppShell = lazyPage('shell', loadShell);
const LandingPage = lazyPage('landing', pageLoaders.landing);
const LoginPage = lazyPage('login', pageLoaders.login);
const SignUpPage = lazyPage('sign-up', pageLoaders.signUp);
const ForgotPasswordPage = lazyPage('forgot-password', pageLoaders.forgotPassword);
const ResetPasswordPage = lazyPage('reset-password', pageLoaders.resetPassword);
const VerifyEmailPage = lazyPage('verify-email', pageLoaders.verifyEmail);
const LogoutPage = lazyPage('logout', pageLoaders.logout);
const HomePage = lazyPage('home', pageLoaders.home);
const AssetsPage = lazyPage('assets', pageLoaders.assets);
const AssetPage = lazyPage('asset', pageLoaders.asset);
const ExplorePage = lazyPage('explore', pageLoaders.explore);
const LeaderboardPage = lazyPage('leaderboard', pageLoaders.leaderboard);
const AccountPage = lazyPage('account', pageLoaders.account);
const OrderPage = lazyPage('order', pageLoaders.order);
const NotificationsPage = lazyPage('notifications', pageLoaders.notifications);
const TransactionPage = lazyPage('transaction', pageLoaders.transaction);
const AllTransactionsPage = lazyPage('all-transactions', pageLoaders.allTransactions);
const LearnPage = lazyPage('learn', pageLoaders.learn);
const WatchlistPage = lazyPage('watchlist', pageLoaders.watchlist);
const PortfolioPage = lazyPage('portfolio', pageLoaders.portfolio);
const ContestsPage = lazyPage('contests', pageLoaders.contests);
const ContestPage = lazyPage('contest', pageLoaders.contest);
const JoinPage = lazyPage('join', pageLoaders.join);
const UserPage = lazyPage('user', pageLoaders.user);
const PreviewPage = lazyPage('preview', pageLoaders.preview);
const IconsPage = lazyPage('icons', pageLoaders.icons);
const NotFoundPage = lazyPage('not-found', pageLoaders.notFound);

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
  page('/portfolio', 'Portfolio', PortfolioPage),
  page('/contests', 'Contests', ContestsPage),
  page('/contests/:id', 'Contest', ContestPage),
  // Behind the login guard: a visitor with a join link logs in and comes back here.
  page('/join/:code', 'Join a contest', JoinPage),
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
