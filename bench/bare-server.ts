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
import { randomUUID } from 'node:crypto';
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
  // The order's own writes, which no design removes: a $10 buy's cash, lot, lot totals and record
  // in one statement (as the app writes a buy, decision 038), on the bench's own database after its
  // load (ROUND_TRIPS_URL is that database), then the bus's NOTIFY carrying the answer. No session,
  // no validation, no guard, no reads: a floor below any real order.
  const portfolios = (
    await pool.query<{ id: string }>(`SELECT id FROM portfolios WHERE kind = 'MAIN' ORDER BY id`)
  ).rows.map((row) => row.id);
  const answerText = answerFile ? readFileSync(answerFile, 'utf8') : '{}';
  let next = 0;
  const BUY = `WITH cash AS (
      UPDATE portfolios SET cash_cents = cash_cents - 1000, version = version + 1
      WHERE id = $1 AND cash_cents >= 1000 RETURNING id, epoch),
    lot AS (INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at)
      SELECT $2, id, 'BTC', 10000, 10000000000000, $3 FROM cash RETURNING 1),
    totals AS (INSERT INTO lot_totals (portfolio_id, symbol, shares, cost, free_shares)
      SELECT id, 'BTC', 10000, '10', 10000 FROM cash
      ON CONFLICT (portfolio_id, symbol) DO UPDATE SET shares = lot_totals.shares + excluded.shares,
        cost = excluded.cost, free_shares = lot_totals.free_shares + excluded.free_shares RETURNING 1),
    record AS (INSERT INTO transactions (id, portfolio_id, epoch, type, method, symbol, shares,
        total_cents, price, position_id, fee_cents, created_at, note)
      SELECT $4, id, epoch, 'PURCHASE', 'MARKET', 'BTC', 10000, 1000, 10000000000000, NULL, 0, $3, NULL
      FROM cash RETURNING 1)
    SELECT (SELECT count(*) FROM cash) AS cash`;
  bare.post('/writes', async (_request, reply) => {
    const portfolio = portfolios[next++ % portfolios.length];
    const at = String(Date.now());
    await pool.query({
      name: 'buy',
      text: BUY,
      values: [portfolio, randomUUID(), at, randomUUID()],
    });
    await pool.query({
      name: 'notify',
      text: 'SELECT pg_notify($1, $2)',
      values: ['bench_floor', answerText],
    });
    return reply.type('application/json; charset=utf-8').send(answerText);
  });
  bare.addHook('onClose', () => pool.end());
}
await bare.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void bare.close().then(() => process.exit(0)));
