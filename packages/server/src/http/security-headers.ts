import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

type Directives = Record<string, string[]>;

/**
 * The web app's policy. Scripts only from this origin: the build has no inline script (Vite's
 * modulepreload polyfill is off in packages/web/vite.config.ts) and nothing evaluates strings.
 * Styles need 'unsafe-inline' because MUI (emotion) inserts <style> elements at runtime; an
 * injected style cannot run code, so this is the usual trade-off. 'self' in connect-src also
 * allows ws:/wss: to this origin (CSP Level 3), which /live uses.
 */
export const APP_CSP: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  // Framing is how clickjacking works (a sibling origin could frame /home signed in).
  'frame-ancestors': ["'none'"],
};

/**
 * /docs (Swagger UI): its page loads only its own files, but the UI sets style attributes and
 * renders icons as data: images; it fetches /openapi.json and, on "Try it out", this API.
 */
export const DOCS_CSP: Directives = {
  ...APP_CSP,
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
};

/** The header value for a directives map, as @fastify/swagger-ui wants it (a plain string). */
export function cspHeader(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Helmet's options for this app's answers. */
function helmetOptions(config: Config): HelmetOptions {
  const https = config.publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      // Only over https: on plain http it would rewrite this origin's own requests to https.
      directives: https ? { ...APP_CSP, 'upgrade-insecure-requests': [] } : APP_CSP,
    },
    frameguard: { action: 'deny' },
    // Same-origin requests keep the full URL; other sites see only the origin, never a
    // /reset-password?token=... path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false }
      : false,
    // Off by default in helmet 8; stated so a change of default does not block the asset icons.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets with these options. They depend on nothing in the request (no CSP
 * nonce), so helmet runs once, against a response that only records them; @fastify/helmet built
 * helmet's whole middleware again on every request, a few per cent of an order's server time.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  let failed: Error | undefined;
  helmet(helmetOptions(config))({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) failed = error instanceof Error ? error : new Error('helmet refused its options');
  });
  if (failed) throw failed;
  return headers;
}

/**
 * Security headers on every answer (docs/api.md, Security headers): CSP, X-Frame-Options DENY (for browsers without
 * frame-ancestors), Referrer-Policy, nosniff and, when the public address is https, HSTS (an
 * http-only deployment announcing HSTS would lock itself out on that host name). Registered before
 * any route and hook that may answer early, so those answers carry the headers too. /docs
 * overrides the CSP with DOCS_CSP (api-docs.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
