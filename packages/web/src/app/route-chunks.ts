import { SCRIPT_LOAD_TIMEOUT_MS } from '../lib/ui-constants.ts';

/** docs/product.md, Loading screens: a screen that cannot be loaded raises ChunkLoadError 'Loading chunk {n} failed'. */
export class ChunkLoadError extends Error {
  constructor(chunk: string, reason: string) {
    super(`Loading chunk ${chunk} failed (${reason}).`);
    this.name = 'ChunkLoadError';
  }
}

/**
 * `load` with the 120-second load timeout (docs/product.md, Constants) and a recognisable error,
 * called once: later calls get the same promise. Browsers remember a failed module import until
 * the page is loaded again, so a failure is not retried here either (route-boundary.tsx reloads).
 */
export function chunkLoader<M>(chunk: string, load: () => Promise<M>): () => Promise<M> {
  let promise: Promise<M> | undefined;
  return () =>
    (promise ??= new Promise<M>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ChunkLoadError(chunk, 'timed out')),
        SCRIPT_LOAD_TIMEOUT_MS,
      );
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          const reason = error instanceof Error ? error.message : 'network error';
          reject(new ChunkLoadError(chunk, reason));
        },
      );
    }));
}

/**
 * The code of each route, for the router's `lazy` route property (router.tsx). React Router
 * loads the chunks of every route a path matches side by side (the data layout, the shell and the
 * page), and on the first load before anything renders (main.tsx waits for it).
 */
export const loadDataLayout = chunkLoader('app', () => import('./data-layout.tsx'));
export const loadShell = chunkLoader('shell', () => import('./shell/app-shell.tsx'));

export const pageLoaders = {
  landing: chunkLoader('landing', () => import('../features/landing/landing-page.tsx')),
  login: chunkLoader('login', () => import('../features/auth/login-page.tsx')),
  signUp: chunkLoader('sign-up', () => import('../features/auth/sign-up-page.tsx')),
  forgotPassword: chunkLoader(
    'forgot-password',
    () => import('../features/auth/forgot-password-page.tsx'),
  ),
  resetPassword: chunkLoader(
    'reset-password',
    () => import('../features/auth/reset-password-page.tsx'),
  ),
  verifyEmail: chunkLoader('verify-email', () => import('../features/auth/verify-email-page.tsx')),
  logout: chunkLoader('logout', () => import('../features/auth/logout-page.tsx')),
  home: chunkLoader('home', () => import('../features/home/home-page.tsx')),
  assets: chunkLoader('assets', () => import('../features/assets/assets-page.tsx')),
  asset: chunkLoader('asset', () => import('../features/asset/asset-page.tsx')),
  explore: chunkLoader('explore', () => import('../features/explore/explore-page.tsx')),
  leaderboard: chunkLoader(
    'leaderboard',
    () => import('../features/leaderboard/leaderboard-page.tsx'),
  ),
  account: chunkLoader('account', () => import('../features/account/account-page.tsx')),
  order: chunkLoader('order', () => import('../features/order/order-page.tsx')),
  notifications: chunkLoader(
    'notifications',
    () => import('../features/notifications/notifications-page.tsx'),
  ),
  transaction: chunkLoader(
    'transaction',
    () => import('../features/transactions/transaction-page.tsx'),
  ),
  allTransactions: chunkLoader(
    'all-transactions',
    () => import('../features/transactions/all-transactions-page.tsx'),
  ),
  learn: chunkLoader('learn', () => import('../features/learn/learn-page.tsx')),
  watchlist: chunkLoader('watchlist', () => import('../features/watchlist/watchlist-page.tsx')),
  portfolio: chunkLoader(
    'portfolio',
    () => import('../features/portfolio-insight/portfolio-page.tsx'),
  ),
  contests: chunkLoader('contests', () => import('../features/contests/contests-page.tsx')),
  contest: chunkLoader('contest', () => import('../features/contests/contest-page.tsx')),
  join: chunkLoader('join', () => import('../features/contests/join-page.tsx')),
  user: chunkLoader('user', () => import('../features/user/user-page.tsx')),
  preview: chunkLoader('preview', () => import('../features/preview/preview-page.tsx')),
  icons: chunkLoader('icons', () => import('../features/icons/icons-page.tsx')),
  notFound: chunkLoader('not-found', () => import('../features/not-found/not-found-page.tsx')),
};

export type PageName = keyof typeof pageLoaders;
