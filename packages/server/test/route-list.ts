import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The route's pattern, e.g. `/assets/:id/candles`. */
  url: string;
}

const LINE = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([^)]+)\))?$/u;

/**
 * Every route of a built app with its methods, read from `printRoutes({commonPrefix: false})` (the
 * tree is the only listing Fastify gives after the routes exist): each line's indentation says
 * which node it continues, so a path is its ancestors' segments joined. Tests that must cover every
 * route (the fuzz test) take the list from here, so a new route is covered without editing them.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const prefixes: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)) {
      routes.push({ method, url });
    }
  }
  return routes;
}
