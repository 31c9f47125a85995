/**
 * The first API answers a page needs, requested before its code has loaded. For a signed-in page
 * load the server puts `<link rel="preload" as="fetch" crossorigin href="…">` in the HTML (session,
 * and for /home its data); the entry fetches each of those URLs at once, with the same mode and
 * credentials as the preload so Chromium hands over the preloaded answer, and the first API call
 * for that path takes the answer instead of asking again.
 */
const pending = new Map<string, Promise<Response>>();

export function startEarlyRequests(doc: Document = document): void {
  if (typeof fetch !== 'function') return;
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    const href = link.getAttribute('href');
    // Only same-origin paths: these carry the session cookie.
    if (!href?.startsWith('/') || href.startsWith('//') || pending.has(href)) continue;
    const answer = fetch(href, { credentials: 'same-origin' });
    // A failure is seen by the API call that takes it; until then it is not "unhandled".
    answer.catch(() => undefined);
    pending.set(href, answer);
  }
}

/** The early answer for `path`, once: later calls (refetches) go to the network. */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const answer = pending.get(path);
  pending.delete(path);
  return answer;
}

let noSessionHint: boolean | undefined;

/**
 * True once, on the first call, when the served HTML says this page load has no session (the
 * server's page-html.ts): the app then knows it is a visitor without asking GET /auth/session,
 * whose 401 every browser logs as an error. Later calls (after logging in) ask the server.
 */
export function takeNoSessionHint(doc: Document = document): boolean {
  if (noSessionHint !== undefined) return false;
  noSessionHint =
    doc.querySelector('meta[name="papertrade-session"]')?.getAttribute('content') === 'none';
  return noSessionHint;
}
