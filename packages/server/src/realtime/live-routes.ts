import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { unauthorized } from '../http/app-error.ts';
import { LiveHub } from './live-hub.ts';

/** Clients send nothing but a small ping; a bigger frame is refused by ws itself (1009). */
const MAX_CLIENT_FRAME = 1024;

export interface LiveOptions {
  heartbeatMs?: number;
}

/** A page of another site must not open a socket with our cookie and read the user (CSWSH). */
function crossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

function explicitToken(request: FastifyRequest): string | undefined {
  const query = request.query as { token?: unknown } | undefined;
  return typeof query?.token === 'string' ? query.token : undefined;
}

/**
 * GET /live (docs/api.md, Realtime: /live): prices on connect and after every tick; the user's
 * record on connect and after every change, for a signed-in socket. Browsers are signed in
 * by the session cookie; other clients send `Authorization: Bearer` or `?token=`.
 */
export async function liveRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: LiveOptions = {},
): Promise<void> {
  const hub = new LiveHub(ctx, {
    heartbeatMs: options.heartbeatMs,
    onError: (message, err) => app.log.error({ err }, message),
  });
  ctx.metrics.countLiveSockets(() => hub.size);
  ctx.live = hub;
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_FRAME, perMessageDeflate: false },
    // The plugin's own preClose closes sockets without a code; clients must see 1001 to reconnect.
    preClose(done) {
      hub.closeAll(1001, 'Server shutting down');
      this.websocketServer.close();
      done();
    },
  });
  app.addHook('onClose', () => hub.stop());

  app.route({
    method: 'GET',
    url: '/live',
    schema: {
      tags: ['realtime'],
      summary:
        'WebSocket: prices on connect and after every tick, the signed-in user on connect and after every change',
      description:
        'Messages are JSON objects: {type: "prices", assets, at} (at: the tick\'s start, ms) and {type: "user", user}. ' +
        'Sign in with the session cookie, Authorization: Bearer, or ?token=. Clients may send only {"type":"ping"}.',
    },
    preHandler: async (request) => {
      const token = explicitToken(request);
      if (token !== undefined && !request.user) {
        request.user = token.length <= 200 ? await ctx.sessionCache.find(ctx.db, token) : null;
        if (!request.user) throw unauthorized('That session token is not valid; log in again');
      }
      // A stale cookie is a visitor (prices only); a bad explicit bearer token is an error.
      if (!request.user && request.headers.authorization)
        throw unauthorized('That session token is not valid; log in again');
      if (request.viaCookie && crossSite(request)) request.user = null;
    },
    handler: (_request, reply) =>
      reply.status(426).send({
        error: 'GET /live is a WebSocket: connect with an Upgrade request',
        code: 'UPGRADE_REQUIRED',
      }),
    wsHandler: (socket, request) => hub.add(socket, request.user, request.raw.socket),
  });
}
