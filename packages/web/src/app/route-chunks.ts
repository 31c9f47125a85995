import { loadOnce } from './settled-promise.ts';

/**
 * The code each route needs, as the loaders the router's lazy components call. The entry also calls
 * them for the page being opened before React renders anything (warmRoute), so the data layout,
 * the shell and the page download side by side instead of one after another as each suspends.
 * Each loads once and its promise says when it has settled, so a lazy screen whose code is in
 * renders without suspending (lazy-page.ts).
 */
export const loadDataLayout = loadOnce(() => import('./data-layout.tsx'));
export const loadShell = loadOnce(() => import('./shell/app-shell.tsx'));

export const pageLoaders = {
  landing: loadOnce(() => import('../features/landing/landing-page.tsx')),
  login: loadOnce(() => import('../features/auth/login-page.tsx')),
  signUp: loadOnce(() => import('../features/auth/sign-up-page.tsx')),
  forgotPassword: loadOnce(() => import('../features/auth/forgot-password-page.tsx')),
  resetPassword: loadOnce(() => import('../features/auth/reset-password-page.tsx')),
  verifyEmail: loadOnce(() => import('../features/auth/verify-email-page.tsx')),
  logout: loadOnce(() => import('../features/auth/logout-page.tsx')),
  home: loadOnce(() => import('../features/home/home-page.tsx')),
  assets: loadOnce(() => import('../features/assets/assets-page.tsx')),
  asset: loadOnce(() => import('../features/asset/asset-page.tsx')),
  explore: loadOnce(() => import('../features/explore/explore-page.tsx')),
  leaderboard: loadOnce(() => import('../features/leaderboard/leaderboard-page.tsx')),
  account: loadOnce(() => import('../features/account/account-page.tsx')),
  order: loadOnce(() => import('../features/order/order-page.tsx')),
  notifications: loadOnce(() => import('../features/notifications/notifications-page.tsx')),
  transaction: loadOnce(() => import('../features/transactions/transaction-page.tsx')),
  allTransactions: loadOnce(() => import('../features/transactions/all-transactions-page.tsx')),
  learn: loadOnce(() => import('../features/learn/learn-page.tsx')),
  watchlist: loadOnce(() => import('../features/watchlist/watchlist-page.tsx')),
  portfolio: loadOnce(() => import('../features/portfolio-insight/portfolio-page.tsx')),
  contests: loadOnce(() => import('../features/contests/contests-page.tsx')),
  contest: loadOnce(() => import('../features/contests/contest-page.tsx')),
  join: loadOnce(() => import('../features/contests/join-page.tsx')),
  user: loadOnce(() => import('../features/user/user-page.tsx')),
  preview: loadOnce(() => import('../features/preview/preview-page.tsx')),
  icons: loadOnce(() => import('../features/icons/icons-page.tsx')),
  notFound: loadOnce(() => import('../features/not-found/not-found-page.tsx')),
};

type PageName = keyof typeof pageLoaders;

/** The signed-in pages inside the app shell, by path (the page named after the path, mostly). */
const SHELL_PAGES: Record<string, PageName> = {
  '/home': 'home',
  '/assets': 'assets',
  '/asset': 'asset',
  '/explore': 'explore',
  '/leaderboard': 'leaderboard',
  '/account': 'account',
  '/order': 'order',
  '/notifications': 'notifications',
  '/transaction': 'transaction',
  '/all-transactions': 'allTransactions',
  '/learn': 'learn',
  '/watchlist': 'watchlist',
  '/portfolio': 'portfolio',
  '/contests': 'contests',
};

/** Shell pages with a parameter in the path, by their first segment. */
const SHELL_PREFIXES: Record<string, PageName> = {
  '/contests/': 'contest',
  '/join/': 'join',
};

const OTHER_PAGES: Record<string, PageName> = {
  '/login': 'login',
  '/sign-up': 'signUp',
  '/forgot-password': 'forgotPassword',
  '/reset-password': 'resetPassword',
  '/verify-email': 'verifyEmail',
  '/logout': 'logout',
  '/user': 'user',
  '/preview': 'preview',
  '/icons': 'icons',
};

/** The loaders of what `pathname` renders first. */
function routeLoaders(pathname: string): (() => Promise<unknown>)[] {
  if (pathname === '/') return [pageLoaders.landing];
  const prefix = Object.keys(SHELL_PREFIXES).find((p) => pathname.startsWith(p));
  const shellPage = SHELL_PAGES[pathname] ?? (prefix ? SHELL_PREFIXES[prefix] : undefined);
  if (shellPage) return [loadDataLayout, loadShell, pageLoaders[shellPage]];
  const page = OTHER_PAGES[pathname];
  return page ? [loadDataLayout, pageLoaders[page]] : [loadDataLayout];
}

/**
 * Starts loading what `pathname` renders; the promise settles when all of it has loaded or failed.
 * A failure is not reported here: the lazy component gets the same rejected load and shows the
 * retryable error itself.
 */
export function warmRoute(pathname: string): Promise<unknown> {
  return Promise.allSettled(routeLoaders(pathname).map((load) => load()));
}
