/**
 * The baseline of bench:orders: a bare Fastify route, in a process of its own like the real
 * server, on the port in PORT.
 */
import Fastify from 'fastify';

const bare = Fastify({ logger: false });
bare.get('/bare', () => ({ ok: true }));
// What waitUntilUp asks, as of the real server.
bare.get('/health', () => ({ ok: true }));
await bare.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void bare.close().then(() => process.exit(0)));
