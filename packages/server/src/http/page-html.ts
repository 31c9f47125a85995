/**
 * The web app's index.html as served for one page load: it names the API answers the page will ask
 * for first as `<link rel="preload" as="fetch" crossorigin>`, so the browser requests them while it
 * is still fetching the code instead of after (the web app's lib/early-requests.ts takes them over),
 * and the page's chunks as `<link rel="modulepreload">`, so they download beside the entry instead
 * of after it has run. Only links, never user data, go into the HTML: no inline script, and it
 * caches like before.
 */

/** What a signed-in page's first screen reads beyond the session (its first query's exact URL). */
const SIGNED_IN_PRELOADS: Record<string, readonly string[]> = {
  '/home': ['/balance-history?days=7', '/all-assets'],
};

/**
 * The same-origin API paths to preload for `pathname`: for a signed-in load the session and the
 * page's first data; the landing page and visitors get none (the HTML tells the app there is no
 * session instead, withSessionHint).
 */
export function pagePreloads(pathname: string, signedIn: boolean): string[] {
  if (pathname === '/' || !signedIn) return [];
  return ['/auth/session', ...(SIGNED_IN_PRELOADS[pathname] ?? [])];
}

/** The meta tag the web app reads (lib/early-requests.ts) to skip asking for a session it cannot have. */
export const NO_SESSION_META = '<meta name="papertrade-session" content="none" />';

/**
 * A page load without a valid session says so in the HTML, so the app does not ask
 * GET /auth/session only to get the 401 that every browser logs as a console error. It is a fact
 * about this request the browser already has (no cookie, or a dead one), never user data.
 */
export function withSessionHint(indexHtml: string, signedIn: boolean): string {
  if (signedIn) return indexHtml;
  const at = indexHtml.indexOf('</head>');
  return at < 0
    ? indexHtml
    : `${indexHtml.slice(0, at)}  ${NO_SESSION_META}\n  ${indexHtml.slice(at)}`;
}

/** Vite's build manifest (dist/.vite/manifest.json): each module's file and static imports. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

// The source modules each page renders first, as the web app's router lazy-loads them
// (packages/web/src/app/route-chunks.ts: keep the two in step; a missing one only loses speed).
const DATA_LAYOUT = 'src/app/data-layout.tsx';
const SHELL = 'src/app/shell/app-shell.tsx';
const SHELL_PAGES: Record<string, string> = {
  '/home': 'src/features/home/home-page.tsx',
  '/assets': 'src/features/assets/assets-page.tsx',
  '/asset': 'src/features/asset/asset-page.tsx',
  '/explore': 'src/features/explore/explore-page.tsx',
  '/leaderboard': 'src/features/leaderboard/leaderboard-page.tsx',
  '/account': 'src/features/account/account-page.tsx',
  '/watchlist': 'src/features/watchlist/watchlist-page.tsx',
  '/learn': 'src/features/learn/learn-page.tsx',
  '/order': 'src/features/order/order-page.tsx',
  '/notifications': 'src/features/notifications/notifications-page.tsx',
  '/transaction': 'src/features/transactions/transaction-page.tsx',
  '/all-transactions': 'src/features/transactions/all-transactions-page.tsx',
  '/portfolio': 'src/features/portfolio-insight/portfolio-page.tsx',
  '/contests': 'src/features/contests/contests-page.tsx',
};
/** Shell pages with a parameter in the path, by their first segment. */
const SHELL_PREFIXES: Record<string, string> = {
  '/contests/': 'src/features/contests/contest-page.tsx',
  '/join/': 'src/features/contests/join-page.tsx',
};

/** The chunk files `pathname` needs at once (not the entry, which the HTML loads anyway). */
export function pageChunks(pathname: string, manifest: ViteManifest): string[] {
  const prefix = Object.keys(SHELL_PREFIXES).find((p) => pathname.startsWith(p));
  const page = SHELL_PAGES[pathname] ?? (prefix ? SHELL_PREFIXES[prefix] : undefined);
  if (!page) return [];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [DATA_LAYOUT, SHELL, page]) visit(key);
  return [...files];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * index.html with the fetch preloads before its first script (they are small and start first) and
 * the module preloads after it, so the entry is requested ahead of the chunks it will import.
 */
export function withPreloads(
  indexHtml: string,
  paths: readonly string[],
  chunks: readonly string[] = [],
): string {
  let html = indexHtml;
  if (chunks.length > 0) {
    const end = html.indexOf('</script>');
    if (end >= 0) {
      const at = end + '</script>'.length;
      const links = chunks
        .map((c) => `\n    <link rel="modulepreload" crossorigin href="${escapeAttribute(c)}" />`)
        .join('');
      html = `${html.slice(0, at)}${links}${html.slice(at)}`;
    }
  }
  if (paths.length === 0) return html;
  const links = paths
    .map((p) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(p)}" />`)
    .join('\n    ');
  const at = html.search(/<script\b|<\/head>/);
  if (at < 0) return html;
  return `${html.slice(0, at)}${links}\n    ${html.slice(at)}`;
}
