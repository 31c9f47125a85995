/**
 * The baselines of bench:orders: a bare Fastify route, in a process of its own like the real
 * server, on the port in PORT. With ANSWER_FILE (a real order's answer, captured by bench:orders
 * from the real server), two more routes answer a POST with that answer and nothing else: the
 * floor an order cannot go below while its answer is the contract's User.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

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
  bare.post('/answer-bytes', (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
}
await bare.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void bare.close().then(() => process.exit(0)));
