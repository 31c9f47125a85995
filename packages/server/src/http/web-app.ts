import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** API paths that must answer JSON 404s rather than the web app's index.html. */
const API_PREFIXES = ['/auth/', '/assets/', '/market-control/', '/uploads/', '/icons/assets/'];

/** Page routes that share their path with an API route: a browser navigating there gets the app. */
const PAGES_SHARING_API_PATHS = new Set(['/leaderboard']);

function wantsHtml(accept: string | undefined): boolean {
  return !!accept && accept.includes('text/html');
}

/** Serves the built web app on the same origin; any non-API GET falls back to index.html. */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const hasWebApp = existsSync(path.join(config.webDist, 'index.html'));
  if (!hasWebApp) {
    app.log.warn(`No built web app at ${config.webDist}; run "npm run build" to serve it.`);
  } else {
    await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    maxAge: '1y',
    immutable: true,
    setHeaders(res, filePath) {
      if (filePath.endsWith('.html')) res.header('cache-control', 'no-cache');
      },
    });
  }
  if (hasWebApp) {
    app.addHook('onRequest', async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (request.method === 'GET' && PAGES_SHARING_API_PATHS.has(url) && wantsHtml(request.headers.accept)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return undefined;
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && wantsHtml(request.headers.accept);
    if (hasWebApp && wantsPage && !API_PREFIXES.some((p) => url.startsWith(p)) && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: `No route ${request.method} ${url}`, code: 'NOT_FOUND' });
  });
}
