/**
 * The code each route needs, as the loaders the router's lazy components call. The entry also calls
 * them for the page being opened before React renders anything (warmRoute), so the data layout,
 * the shell and the page download side by side instead of one after another as each suspends.
 */
export const loadDataLayout = () => import('./data-layout.tsx');
export const loadShell = () => import('./shell/app-shell.tsx');

export const pageLoaders = {
  landing: () => import('../features/landing/landing-page.tsx'),
  login: () => import('../features/auth/login-page.tsx'),
  signUp: () => import('../features/auth/sign-up-page.tsx'),
  forgotPassword: () => import('../features/auth/forgot-password-page.tsx'),
  resetPassword: () => import('../features/auth/reset-password-page.tsx'),
  verifyEmail: () => import('../features/auth/verify-email-page.tsx'),
  logout: () => import('../features/auth/logout-page.tsx'),
  home: () => import('../features/home/home-page.tsx'),
  assets: () => import('../features/assets/assets-page.tsx'),
  asset: () => import('../features/asset/asset-page.tsx'),
  explore: () => import('../features/explore/explore-page.tsx'),
  leaderboard: () => import('../features/leaderboard/leaderboard-page.tsx'),
  account: () => import('../features/account/account-page.tsx'),
  order: () => import('../features/order/order-page.tsx'),
  notifications: () => import('../features/notifications/notifications-page.tsx'),
  transaction: () => import('../features/transactions/transaction-page.tsx'),
  allTransactions: () => import('../features/transactions/all-transactions-page.tsx'),
  learn: () => import('../features/learn/learn-page.tsx'),
  watchlist: () => import('../features/watchlist/watchlist-page.tsx'),
  user: () => import('../features/user/user-page.tsx'),
  preview: () => import('../features/preview/preview-page.tsx'),
  icons: () => import('../features/icons/icons-page.tsx'),
  notFound: () => import('../features/not-found/not-found-page.tsx'),
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

/**
 * Starts loading what `pathname` renders. A failure here is ignored: the lazy component asks for
 * the same module and shows the retryable error itself.
 */
export function warmRoute(pathname: string): void {
  const ignore = () => undefined;
  if (pathname === '/') {
    pageLoaders.landing().catch(ignore);
    return;
  }
  loadDataLayout().catch(ignore);
  const shellPage = SHELL_PAGES[pathname];
  if (shellPage) {
    loadShell().catch(ignore);
    pageLoaders[shellPage]().catch(ignore);
    return;
  }
  const page = OTHER_PAGES[pathname];
  if (page) pageLoaders[page]().catch(ignore);
}
