import { createElement, use, type ComponentProps, type ComponentType } from 'react';
import { trackSettled, type SettledPromise } from './settled-promise.ts';
import { SCRIPT_LOAD_TIMEOUT_MS } from '../lib/ui-constants.ts';

/** docs/product.md, Loading screens: a screen that cannot be loaded raises ChunkLoadError 'Loading chunk {n} failed'. */
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

/**
 * A lazily loaded screen with the 120-second load timeout (docs/product.md, Constants) and a
 * recognisable error. Unlike React.lazy, a screen whose module has already loaded renders at once: React.lazy suspends on its
 * first render even then, and every Suspense fallback shown delays the next reveal by React's
 * 300 ms throttle, which on a first load of /home (data layout, shell, page: nested boundaries)
 * left the main thread idle for 600 ms with all the code in. The module is loaded once; `pick`
 * chooses the export (the default one unless said otherwise).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lazyPage<M, T extends ComponentType<any>>(
  chunk: string,
  load: () => Promise<M>,
  pick: (module: M) => T = (module) => (module as { default: T }).default,
) {
  let source: SettledPromise<M> | undefined;
  let pending: SettledPromise<T> | undefined;
  function LazyPage(props: ComponentProps<T>) {
    source ??= trackSettled(load());
    const Page =
      source.status === 'fulfilled'
        ? pick(source.value as M)
        : use<T>((pending ??= trackSettled(withTimeout(source, chunk).then(pick))) as Promise<T>);
    return createElement(Page, props);
  }
  LazyPage.displayName = `LazyPage(${chunk})`;
  return LazyPage;
}
