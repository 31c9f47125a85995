/**
 * The baselines of bench:orders: a bare Fastify route, in a process of its own like the real
 * server, on the port in PORT. With ANSWER_FILE (a real order's answer, captured by bench:orders
 * from the real server), two more routes answer a POST with that answer and nothing else: the
 * floor an order cannot go below while its answer is the contract's User. With ROUND_TRIPS_URL
 * (a PostgreSQL database), /round-trips makes as many round trips as an order over HTTP does
 * (market-order-statements.test.ts, decision 038: with its portfolio's inputs kept, as in the
 * load, a buy is one statement and so is a sale whose kept oldest lots are enough; the session is
 * checked from the app's session cache), each a trivial named statement on a pool of the app's
 * size: the order's statement, then the bus's NOTIFY (sent one per order here, where the app
 * batches those in flight together). What is left is PostgreSQL's wake-ups.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const bare = Fastify({ logger: false });
bare.get('/bare', () => ({ ok: true }));
// What waitUntilUp asks, as of the real server.
bare.get('/health', () => ({ ok: true }));
const answerFile = process.env.ANSWER_FILE;
if (answerFile) {
  const text = readFileSync(answerFile, 'utf8');
  const answer: unknown = JSON.parse(text);
  // Serialized on every request, as the real server does (http/plain-json-answer.ts).
  bare.post('/answer', () => answer);
  // Serialized once: what is left with an answer kept as bytes between orders.
  bare.post('/answer-bytes', (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(text),
  );
}
const roundTripsUrl = process.env.ROUND_TRIPS_URL;
if (roundTripsUrl) {
  const pool = new pg.Pool({ connectionString: roundTripsUrl, max: 10 });
  const trip = (client: pg.Pool | pg.PoolClient, n: number) =>
    client.query({ name: 'trip', text: 'SELECT $1::int AS n', values: [n] });
  bare.post('/round-trips', async () => {
    await trip(pool, 1);
    await trip(pool, 2);
    return { ok: true };
  });
  bare.addHook('onClose', () => pool.end());
}
await bare.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void bare.close().then(() => process.exit(0)));
