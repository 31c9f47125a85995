/**
 * A promise that says synchronously whether it has settled, in the fields React's `use()` reads
 * (`status`, `value`, `reason`): given a promise that has already settled, `use()` returns its
 * value in the same render instead of suspending, which would show a Suspense fallback.
 */
export type SettledPromise<T> = Promise<T> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

/** Marks `promise` (the same object) so its state can be read once it settles. */
export function trackSettled<T>(promise: Promise<T>): SettledPromise<T> {
  const tracked = promise as SettledPromise<T>;
  if (tracked.status) return tracked;
  tracked.status = 'pending';
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}

/** `load` called at most once; later calls get the same (tracked) promise. */
export function loadOnce<T>(load: () => Promise<T>): () => SettledPromise<T> {
  let promise: SettledPromise<T> | undefined;
  return () => (promise ??= trackSettled(load()));
}
