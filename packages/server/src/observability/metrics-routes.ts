import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/app-error.ts';
import type { Metrics } from './metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compared as digests: equal lengths for timingSafeEqual, and no early exit that times the token. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics for Prometheus. Meant for the internal network (docs/api.md); METRICS_TOKEN adds
 * a bearer check for when the port is reachable from further away.
 */
export function metricsRoutes(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request, token))
      throw unauthorized('GET /metrics needs the metrics token');
    const text = await metrics.scrape();
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });
}
