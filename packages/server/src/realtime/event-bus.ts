import { EventEmitter } from 'node:events';

export type BusEvent =
  | { type: 'prices'; at: number }
  | { type: 'user-changed'; userId: string }
  | { type: 'user-deleted'; userId: string };

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
