import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics, OrderKind } from './metrics.ts';

/** The order calls, by route pattern: counted here so the trading feature needs no metrics code. */
export const ORDER_ROUTES: Readonly<Record<string, OrderKind>> = {
  '/purchase-asset': 'market_buy',
  '/sell-asset': 'market_sell',
  '/open-limit-position': 'limit_open',
  '/cancel-limit-position': 'limit_cancel',
};

/** Error codes are a fixed set the app defines, so they are safe as a label. */
const CODE = /^[A-Z][A-Z0-9_]{1,40}$/;

const errorCodes = new WeakMap<FastifyRequest, string>();

function errorCode(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.includes('"code"')) return undefined;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' && CODE.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

function statusClass(reply: FastifyReply): string {
  return `${Math.floor(reply.statusCode / 100)}xx`;
}

/**
 * Request rate and latency for every route, labelled by the route's pattern (never the raw URL,
 * which holds ids and would make a series per user), and orders by kind and result.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (reply.statusCode >= 400 && url !== undefined && ORDER_ROUTES[url]) {
      const code = errorCode(payload);
      if (code) errorCodes.set(request, code);
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    const labels = {
      method: request.method,
      route: url ?? 'unmatched',
      status_class: statusClass(reply),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);

    const kind = url === undefined ? undefined : ORDER_ROUTES[url];
    if (kind && request.method === 'POST') {
      const result =
        reply.statusCode < 400 ? 'ok' : (errorCodes.get(request) ?? `http_${reply.statusCode}`);
      metrics.orders.inc({ kind, result });
    }
  });
}
