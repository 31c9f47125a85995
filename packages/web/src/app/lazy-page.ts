import { SCRIPT_LOAD_TIMEOUT_MS } from '@papertrade/domain';
import { lazy, type ComponentType } from 'react';

/** SPEC §8: a screen that cannot be loaded raises ChunkLoadError 'Loading chunk {n} failed'. */
export class ChunkLoadError extends Error {
  constructor(chunk: string, reason: string) {
    super(`Loading chunk ${chunk} failed (${reason}).`);
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, chunk: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(chunk, 'timed out')),
      SCRIPT_LOAD_TIMEOUT_MS,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const reason = error instanceof Error ? error.message : 'network error';
        reject(new ChunkLoadError(chunk, reason));
      },
    );
  });
}

/** React.lazy with the spec's 120-second load timeout and a recognisable error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- lazy() itself is typed this way
export function lazyPage<T extends ComponentType<any>>(
  chunk: string,
  load: () => Promise<{ default: T }>,
) {
  return lazy(() => withTimeout(load(), chunk));
}
