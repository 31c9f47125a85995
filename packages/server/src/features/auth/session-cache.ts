import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DB } from '../../db/schema.ts';
import type { BusEvent, EventBus } from '../../realtime/event-bus.ts';
import { readSession, type SessionUser, type StoredSession } from './sessions.ts';
import { hashToken } from './tokens.ts';

/**
 * The sessions checked lately, so a signed-in request usually runs no session statement
 * (docs/decisions/023-session-cache.md). An entry is what the check read: the user's id, wallet
 * and e-mail and the session's end, keyed by the token's hash (never the token). It is kept for
 * SESSION_CACHE_LIMITS.ttlMs at most, never past the session's end, and dropped at once when the
 * session ends: every way a session ends publishes an event on the app's bus after its commit,
 * which reaches every instance (PostgreSQL's LISTEN/NOTIFY), and each instance's cache drops
 * what it names.
 */
export interface SessionCache {
  /** The token's user, or null when no unexpired session has it: from memory if checked lately. */
  find(db: Kysely<DB>, token: string, now?: number): Promise<SessionUser | null>;
  /** How many sessions are kept (tests). */
  readonly size: number;
  /** Stops hearing the bus (the app's close). */
  close(): void;
}

export interface SessionCacheLimits {
  /** Sessions kept, the most recently used. */
  maxSessions: number;
  /**
   * How long an entry is trusted after its read. Eviction by event is what ends a session at
   * once; this bounds how long one could be missed (an event lost while the bus reconnected).
   */
  ttlMs: number;
}

export const SESSION_CACHE_LIMITS: SessionCacheLimits = { maxSessions: 10_000, ttlMs: 10_000 };

export function createSessionCache(
  bus: EventBus,
  limits: SessionCacheLimits = SESSION_CACHE_LIMITS,
): SessionCache {
  /** The token hashes kept per user, for the events that end all of a user's sessions. */
  const byUser = new Map<string, Set<string>>();
  const entries = new LRUCache<string, StoredSession>({
    max: limits.maxSessions,
    ttl: limits.ttlMs,
    // Trusted for ttlMs after the read, however often it is used meanwhile.
    updateAgeOnGet: false,
    dispose: (stored, tokenHash) => {
      const hashes = byUser.get(stored.user.id);
      hashes?.delete(tokenHash);
      if (hashes?.size === 0) byUser.delete(stored.user.id);
    },
  });
  /**
   * Counts evictions. A read that began before one may have seen the session before its end
   * committed: it answers its own request (as it would have without a cache) but is not kept.
   */
  let evictions = 0;

  const forgetUser = (userId: string) => {
    evictions += 1;
    for (const tokenHash of [...(byUser.get(userId) ?? [])]) entries.delete(tokenHash);
  };
  const onEvent = (event: BusEvent) => {
    switch (event.type) {
      case 'session-ended':
        evictions += 1;
        entries.delete(event.tokenHash);
        break;
      // A credential change keeps the session that made it, but an e-mail change makes its entry
      // stale: dropping it too costs that session one read.
      case 'sessions-ended':
      case 'user-deleted':
        forgetUser(event.userId);
        break;
      // Events from other instances may have been lost while the bus was not listening.
      case 'events-missed':
        evictions += 1;
        entries.clear();
        break;
    }
  };
  const unsubscribe = bus.subscribe(onEvent);

  return {
    async find(db, token, now = Date.now()) {
      const tokenHash = hashToken(token);
      const at = BigInt(now);
      const kept = entries.get(tokenHash);
      if (kept && kept.expiresAt > at) return kept.user;
      // Past the end it read: asked again, so a session whose end was moved later is still honoured.
      if (kept) entries.delete(tokenHash);
      const before = evictions;
      const stored = await readSession(db, tokenHash);
      if (!stored || stored.expiresAt <= at) return null;
      if (evictions === before) {
        entries.set(tokenHash, stored, {
          ttl: Math.min(limits.ttlMs, Number(stored.expiresAt - at)),
        });
        let hashes = byUser.get(stored.user.id);
        if (!hashes) byUser.set(stored.user.id, (hashes = new Set()));
        hashes.add(tokenHash);
      }
      return stored.user;
    },
    get size() {
      return entries.size;
    },
    close: unsubscribe,
  };
}
