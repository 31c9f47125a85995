/**
 * Where to go after logging in or signing up: `?next=` on /login and /sign-up (docs/pages.md,
 * Routes). The address is the visitor's to edit and to be sent by anyone, so only a path of this
 * app is followed: never another site ("//evil.test", "https://…", "/\evil.test", which browsers
 * read as "//evil.test"), never a script URL, and never an auth page, which would only come back.
 */
const AUTH_PAGES = ['/login', '/sign-up', '/logout', '/forgot-password', '/reset-password'];
const ORIGIN = 'https://app.invalid';

const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/** The path, search and hash to go to, or null when `value` is not a safe path of this app. */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2_000 || !value.startsWith('/')) return null;
  // Backslashes and control characters (tab, newline) are what browsers quietly fix into "//host".
  if (value.startsWith('//') || value.includes('\\') || [...value].some(isControl)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (AUTH_PAGES.includes(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return url.pathname + url.search + url.hash;
}

/** `/login` or `/sign-up` carrying where to go next, when there is a safe place to go. */
export function withNext(page: '/login' | '/sign-up', next: string | null | undefined): string {
  const safe = safeNextPath(next);
  return safe ? `${page}?${new URLSearchParams({ next: safe }).toString()}` : page;
}
