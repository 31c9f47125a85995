import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: session tokens (/live), mail links' tokens, codes. */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'password',
  'access_token',
  'refresh_token',
  'secret',
]);
export const REDACTED = '[REDACTED]';

function paramName(part: string): string {
  const raw = part.split('=')[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL as logged: the path as is, secret query values replaced (the order of the rest kept). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) =>
      SECRET_PARAMS.has(paramName(part)) ? `${part.split('=')[0]}=${REDACTED}` : part,
    )
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request serializer, with the URL redacted. Headers are not logged at all. */
function req(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Logger options for the app: no secret reaches the log. The request serializer above covers
 * Fastify's own request lines; `redact` covers whatever else logs a request, its headers or
 * a reply's (a hand-written `log.info({ req: request.raw })`, a plugin).
 */
export function logOptions(level: string) {
  return {
    level,
    serializers: { req },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        'headers["set-cookie"]',
        'password',
        'token',
        '*.password',
        '*.token',
      ],
      censor: REDACTED,
    },
  };
}
