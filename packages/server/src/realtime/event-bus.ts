import type { UserPatch } from '@papertrade/domain';
import { EventEmitter } from 'node:events';

/** An order's change of one portfolio record, built once for its answer and for /live. */
export interface LivePatch {
  walletAddress: string;
  version: number;
  patch: UserPatch;
}

/**
 * A market order's take from the simulated book (market/order-books.ts): every instance applies it
 * to the consumption it keeps. Shares as text, since JSON has no bigint; `sideTotal` is the
 * side's full depth in the taker's book, which the refill is measured against.
 */
export interface BookTakeEvent {
  type: 'book-take';
  assetId: string;
  side: 'bid' | 'ask';
  shares: string;
  sideTotal: string;
  at: number;
  /** The taking instance, which applied the take itself. */
  origin: string;
  /** A replay contest's book (market/replay-book.ts), consumed apart from the live one. */
  contestId?: string;
}

export type BusEvent =
  | { type: 'prices'; at: number }
  | BookTakeEvent
  /**
   * A portfolio's record changed (the main one when `portfolioId` is absent: profile, settings,
   * notifications); with `patch` when an order call built what changed, sent instead of the record.
   */
  | { type: 'user-changed'; userId: string; portfolioId?: string; patch?: LivePatch }
  | { type: 'user-deleted'; userId: string }
  /** Logout: that one session ended. Carries the token's SHA-256 hash (as stored), never the token. */
  | { type: 'session-ended'; userId: string; tokenHash: string }
  /** A credential change: every session of the user ended except `keepTokenHash` (the one that made it). */
  | { type: 'sessions-ended'; userId: string; keepTokenHash?: string }
  /**
   * Local only: the bus was not listening for a while (its connection was re-opened), so events of
   * other instances may have been lost; what is kept from them is to be dropped.
   */
  | { type: 'events-missed' };

/**
 * Changes that open screens must hear about. The in-process bus serves one instance;
 * a PostgreSQL LISTEN/NOTIFY implementation carries the same events between instances.
 */
export interface EventBus {
  publish(event: BusEvent): void;
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => emitter.emit('event', event),
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    close: () => Promise.resolve(),
  };
}
