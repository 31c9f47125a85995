/**
 * The web app's index.html as served for one page load: it names the API answers the page will ask
 * for first as `<link rel="preload" as="fetch" crossorigin>`, so the browser requests them while it
 * is still fetching the code instead of after (the web app's lib/early-requests.ts takes them over).
 * Only links, never user data, go into the HTML, so it needs no inline script and caches like before.
 */

/** What a signed-in page's first screen reads beyond the session (its first query's exact URL). */
const SIGNED_IN_PRELOADS: Record<string, readonly string[]> = {
  '/home': ['/balance-history?days=7', '/all-assets'],
};

/** The same-origin API paths to preload for `pathname`; the landing page asks for none. */
export function pagePreloads(pathname: string, signedIn: boolean): string[] {
  if (pathname === '/') return [];
  // Every other page starts by asking who is signed in (a visitor's 401 is an answer too).
  return ['/auth/session', ...(signedIn ? (SIGNED_IN_PRELOADS[pathname] ?? []) : [])];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** index.html with the preload links placed before its first script, so they start first. */
export function withPreloads(indexHtml: string, paths: readonly string[]): string {
  if (paths.length === 0) return indexHtml;
  const links = paths
    .map((p) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(p)}" />`)
    .join('\n    ');
  const at = indexHtml.search(/<script\b|<\/head>/);
  if (at < 0) return indexHtml;
  return `${indexHtml.slice(0, at)}${links}\n    ${indexHtml.slice(at)}`;
}
