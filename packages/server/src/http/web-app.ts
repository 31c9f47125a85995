import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import {
  pageChunks,
  pagePreloads,
  withPreloads,
  withSessionHint,
  type ViteManifest,
} from './page-html.ts';

/** API paths that must answer JSON 404s rather than the web app's index.html. */
const API_PREFIXES = ['/auth/', '/assets/', '/market-control/', '/uploads/', '/icons/assets/'];

/** Page routes that share their path with an API route: a browser navigating there gets the app. */
const PAGES_SHARING_API_PATHS = new Set(['/leaderboard', '/contests']);
/** /contests/:id is a page and GET /contests/:id an API answer; deeper /contests/... paths are API only. */
const isSharedPagePath = (url: string) =>
  PAGES_SHARING_API_PATHS.has(url) || /^\/contests\/[A-Za-z0-9_-]{1,64}$/.test(url);

function wantsHtml(accept: string | undefined): boolean {
  return !!accept && accept.includes('text/html');
}

/** The build's chunk graph; a build without one (or a broken one) just gets no module preloads. */
async function readManifest(webDist: string): Promise<ViteManifest> {
  try {
    return JSON.parse(
      await readFile(path.join(webDist, '.vite/manifest.json'), 'utf8'),
    ) as ViteManifest;
  } catch {
    return {};
  }
}

/**
 * index.html for a page load, with the page's first API answers preloaded (page-html.ts). Read on
 * every load, as the static files are, so a rebuild is served without a restart. The links depend
 * on whether a session cookie came along, hence Vary.
 */
async function sendPage(webDist: string, request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0] ?? '/';
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  const manifest = await readManifest(webDist);
  const signedIn = request.user !== null;
  return reply
    .header('cache-control', 'no-cache')
    .header('vary', 'Cookie')
    .type('text/html; charset=utf-8')
    .send(
      withSessionHint(
        withPreloads(html, pagePreloads(url, signedIn), pageChunks(url, manifest)),
        signedIn,
      ),
    );
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
      // The build writes .br/.gz beside each script (packages/web/vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.endsWith('.html')) res.header('cache-control', 'no-cache');
      },
    });
  }
  if (hasWebApp) {
    app.addHook('onRequest', async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (request.method === 'GET' && isSharedPagePath(url) && wantsHtml(request.headers.accept)) {
        return sendPage(config.webDist, request, reply);
      }
      return undefined;
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && wantsHtml(request.headers.accept);
    if (
      hasWebApp &&
      wantsPage &&
      !API_PREFIXES.some((p) => url.startsWith(p)) &&
      !path.extname(url)
    ) {
      return sendPage(config.webDist, request, reply);
    }
    // A fixed text: quoting the path back would echo input (docs/api.md, General rules).
    return reply.status(404).send({ error: 'There is nothing at this address', code: 'NOT_FOUND' });
  });
}
