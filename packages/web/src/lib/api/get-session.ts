import { SessionAnswer, User } from '@papertrade/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../api-client.ts';
import { activeWallet, forgetActiveWallet } from '../active-portfolio.ts';
import { takeNoSessionHint } from '../early-requests.ts';
import { liveStatus } from '../live-socket.ts';
import { queryKeys } from '../query-keys.ts';

export const sessionQueryKey = queryKeys.session;
export const SESSION_POLL_INTERVAL_MS = 30_000;

/**
 * The record of the portfolio this tab shows (lib/active-portfolio.ts): the main one from the
 * session, a contest's from POST /user-details with its wallet. A chosen portfolio that is gone
 * (left, removed by its owner: 403/404, or a profile instead of a User) falls back to the main one.
 */
async function activePortfolio(main: User, signal?: AbortSignal): Promise<User> {
  const wallet = activeWallet(main.id);
  if (!wallet || wallet.toLowerCase() === main.walletAddress.toLowerCase()) return main;
  try {
    const body = { walletAddress: wallet };
    return await api('/user-details', { method: 'POST', body, wallet, schema: User, signal });
  } catch (error) {
    const gone =
      error instanceof ApiError &&
      ((error.status >= 400 && error.status < 500) || error.code === 'BAD_RESPONSE');
    if (!gone) throw error;
    forgetActiveWallet();
    return main;
  }
}

/** The signed-in user, or null for a visitor (401). Other failures are real errors. */
export async function getSession(signal?: AbortSignal): Promise<User | null> {
  if (typeof document !== 'undefined' && takeNoSessionHint()) return null;
  let main: User;
  try {
    main = (await api('/auth/session', { schema: SessionAnswer, signal })).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
  return activePortfolio(main, signal);
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 15_000,
    // While the live socket is open it pushes every change of the user; only while it is down
    // does polling keep notifications and limit fills fresh. The live provider refetches when
    // the socket drops, which re-reads this interval and restarts the polling.
    refetchInterval: (query) =>
      query.state.data && !liveStatus.isOpen() ? SESSION_POLL_INTERVAL_MS : false,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** The signed-in user; only for screens behind the login guard, which waits for it. */
export function useUser(): User {
  const { data } = useSession();
  if (!data) throw new Error('useUser is only for signed-in screens');
  return data;
}

/** Every answer that carries the user (trades, settings, notifications) lands here. */
export function setSessionUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(sessionQueryKey, user);
}

/** Answers are "User plus one more field"; keep only the User in the cache. */
export function withoutExtra<T extends User>(answer: T, extra: keyof T): User {
  const copy: Record<string, unknown> = { ...answer };
  delete copy[extra as string];
  return copy as User;
}
