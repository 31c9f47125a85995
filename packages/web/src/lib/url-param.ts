/**
 * The page's query with `key` set to `value`, or removed when `value` is `unset`, built from the
 * address as it is now rather than from the params a render read: React Router hands its setter
 * the last render's params, so two changes made before the page re-rendered (clear the filter,
 * then sort at once, on a busy machine) lost the first one.
 */
export function withUrlParam(key: string, value: string, unset = ''): URLSearchParams {
  const next = new URLSearchParams(window.location.search);
  if (value === unset) next.delete(key);
  else next.set(key, value);
  return next;
}
