import { applyUserPatch, patchFit, SessionAnswer, User, type UserPatch } from '@papertrade/domain';
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

/** Every answer that carries the whole user (settings, notifications, a reset) lands here. */
export function setSessionUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(sessionQueryKey, user);
}

/** The entries of a history and their states: a change makes the paged lists stale. */
function historyKey(user: User | null | undefined): string {
  return (user?.history ?? [])
    .map((e) => ('id' in e ? e.id : `${e.positionId}:${e.status}:${e.timestamp}`))
    .join();
}

/**
 * A record that replaces the cached one whole (a /live `user` frame, the answer of a call that
 * answers the whole User); the paged history is refetched when the record's history moved. A
 * record older than the cached one of the same portfolio (a load that a patch overtook) is dropped.
 */
export function replaceSessionUser(queryClient: QueryClient, next: User): void {
  const before = queryClient.getQueryData<User | null>(sessionQueryKey);
  const same = before && before.walletAddress.toLowerCase() === next.walletAddress.toLowerCase();
  if (same && next.version < before.version) return;
  setSessionUser(queryClient, next);
  if (historyKey(before) !== historyKey(next))
    void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all });
}

/**
 * An order's answer, or a /live `user-patch`, for the portfolio `walletAddress` (docs/api.md,
 * "Lean order answers"). The next version is merged into the cached record; one the record already
 * holds is ignored (the answer and the /live patch of one order are the same change, so the paged
 * history is refetched once); a later one means a change was missed, so the record is read whole
 * again. A patch of a portfolio this tab does not show is not for it.
 */
export function mergeSessionPatch(
  queryClient: QueryClient,
  walletAddress: string,
  version: number,
  patch: UserPatch,
): void {
  const before = queryClient.getQueryData<User | null>(sessionQueryKey);
  if (!before || before.walletAddress.toLowerCase() !== walletAddress.toLowerCase()) return;
  const fit = patchFit(before, version);
  if (fit === 'stale') return;
  if (fit === 'gap') {
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all });
    return;
  }
  const next = applyUserPatch(before, { ...patch, version });
  setSessionUser(queryClient, next);
  if (historyKey(before) !== historyKey(next))
    void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all });
}

/** An order call's answer: its version beside the patch, merged into the record it was made in. */
export function mergeOrderAnswer(
  queryClient: QueryClient,
  walletAddress: string,
  { version, ...patch }: UserPatch & { version: number },
): void {
  mergeSessionPatch(queryClient, walletAddress, version, patch);
}
