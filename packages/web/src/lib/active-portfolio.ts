import type { User } from '@papertrade/domain';

/**
 * Which of the signed-in user's portfolios this tab shows and trades (docs/api.md "Portfolios,
 * contests and classes"): null is the main one. The session query holds that portfolio's User,
 * so every screen and every call (body and Wallet header) follows it without knowing contests.
 *
 * Kept in memory for the tab, in sessionStorage so a reload keeps it, and in localStorage so a
 * new tab starts where the user was. The tab's own copy wins over localStorage: another tab
 * switching must not quietly switch this one on its next refetch.
 */
const KEY = 'active-portfolio';

interface Choice {
  userId: string;
  walletAddress: string;
}

let memory: Choice | null | undefined;
const listeners = new Set<() => void>();

function parse(text: string | null): Choice | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Choice> | null;
    if (typeof value?.userId === 'string' && typeof value.walletAddress === 'string')
      return { userId: value.userId, walletAddress: value.walletAddress };
  } catch {
    // A hand-edited or old value: as if nothing was chosen.
  }
  return null;
}

function storage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null; // Storage blocked (privacy settings): the choice lives for this page only.
  }
}

function read(): Choice | null {
  if (memory === undefined) {
    const session = storage('sessionStorage')?.getItem(KEY) ?? null;
    memory = parse(session) ?? parse(storage('localStorage')?.getItem(KEY) ?? null);
  }
  return memory;
}

/** The chosen contest portfolio's wallet for this user, or null for the main portfolio. */
export function activeWallet(userId: string): string | null {
  const choice = read();
  return choice && choice.userId === userId ? choice.walletAddress : null;
}

/**
 * Whether this tab shows a contest portfolio (for any user). The server's preloaded answers
 * (early-requests.ts) carry no Wallet header, so they are the main portfolio's: not for this tab.
 */
export function contestChosen(): boolean {
  return read() !== null;
}

/** Chooses a portfolio (null: the main one) for this tab and for tabs opened later. */
export function setActiveWallet(userId: string, walletAddress: string | null): void {
  memory = walletAddress ? { userId, walletAddress } : null;
  for (const kind of ['sessionStorage', 'localStorage'] as const) {
    const store = storage(kind);
    try {
      if (memory) store?.setItem(KEY, JSON.stringify(memory));
      else store?.removeItem(KEY);
    } catch {
      // Full or blocked storage: the choice still holds in memory.
    }
  }
  for (const listener of listeners) listener();
}

/** Back to the main portfolio (login, logout, a portfolio that is gone). */
export function forgetActiveWallet(): void {
  memory = null;
  storage('sessionStorage')?.removeItem(KEY);
  storage('localStorage')?.removeItem(KEY);
  for (const listener of listeners) listener();
}

export function subscribeActiveWallet(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** For tests: forget the copy in memory, as a new page load would. */
export function reloadActiveWallet(): void {
  memory = undefined;
}

/** What belongs to the user rather than to a portfolio: the same in every portfolio's record. */
const SHARED_FIELDS = [
  'username',
  'displayName',
  'email',
  'emailVerified',
  'twoFactorEnabled',
  'avatar',
  'accountType',
  'settings',
  'watchlist',
  'notifications',
] as const satisfies readonly (keyof User)[];

/**
 * /live sends a `user` message for whichever of the user's portfolios changed. The screen shows
 * one: its own record replaces it; another portfolio's record only brings the fields every
 * portfolio shares (a notification, a setting), never its money. Answers `current` itself when
 * nothing on screen changes, so nothing re-renders.
 */
export function routeUserUpdate(
  current: User | null | undefined,
  incoming: User,
): User | null | undefined {
  // No record yet (the first message beats the session's answer): a main one is safe to show.
  if (!current) return incoming.portfolio?.kind === 'CONTEST' ? current : incoming;
  if (incoming.walletAddress.toLowerCase() === current.walletAddress.toLowerCase()) return incoming;
  if (incoming.id !== current.id) return current;
  let next: User | null = null;
  for (const field of SHARED_FIELDS) {
    if (JSON.stringify(current[field]) === JSON.stringify(incoming[field])) continue;
    next ??= { ...current };
    (next as Record<string, unknown>)[field] = incoming[field];
  }
  return next ?? current;
}
