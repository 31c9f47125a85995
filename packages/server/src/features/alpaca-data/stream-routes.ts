import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { DataStreamHub } from './data-stream.ts';
import { TradeUpdatesHub } from './trade-updates-stream.ts';

/**
 * Alpaca's two streams. They are registered in the scope of /live (realtime/live-routes.ts), which
 * owns the app's one WebSocket server: a second @fastify/websocket would route every upgrade twice.
 * Like the market data routes, they are left out of /openapi.json: Alpaca's reference documents them.
 */
export function alpacaStreamRoutes(app: FastifyInstance, ctx: AppContext): void {
  const onError = (message: string, err: unknown) => app.log.error({ err }, message);
  const data = new DataStreamHub(ctx, onError);
  const trades = new TradeUpdatesHub(ctx, onError);
  app.addHook('preClose', async () => {
    data.closeAll();
    trades.closeAll();
  });
  app.addHook('onClose', async () => {
    data.stop();
    trades.stop();
  });
  const upgradeOnly = (path: string) => ({
    error: `GET ${path} is a WebSocket: connect with an Upgrade request`,
    code: 'UPGRADE_REQUIRED',
  });

  app.route({
    method: 'GET',
    url: '/v1beta3/crypto/:loc',
    schema: {
      hide: true,
      tags: ['alpaca streams'],
      summary: "WebSocket: Alpaca's crypto market data stream (msgpack, or JSON by Content-Type)",
    },
    handler: (_request, reply) => reply.status(426).send(upgradeOnly('/v1beta3/crypto/us')),
    wsHandler: (socket, request) => {
      const { loc } = request.params as { loc: string };
      if (loc !== 'us') {
        socket.close(1008, 'only us is served here');
        return;
      }
      data.add(socket, request.headers['content-type']);
    },
  });

  app.route({
    method: 'GET',
    url: '/stream',
    schema: {
      hide: true,
      tags: ['alpaca streams'],
      summary: "WebSocket: Alpaca's trade_updates stream (JSON)",
    },
    handler: (_request, reply) => reply.status(426).send(upgradeOnly('/stream')),
    wsHandler: (socket) => trades.add(socket),
  });
}
