/**
 * npm run bench:answer-size: the size of an order's answer after 3,000 orders of one user
 * (`ANSWER_SIZE_ORDERS`), against the whole record. The real server (`npm run serve`'s entry) on a
 * temporary SQLite folder, or with `--pg` on a throwaway PostgreSQL cluster; one user signed up over
 * HTTP makes the orders one after another, alternating a 10 USD buy and a 5 USD sell of BTC as the
 * order load does, then one more buy, one sell, one limit order opened and cancelled are measured
 * (bytes of the body as sent), beside POST /user-details (the whole User).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Instance } from '../deploy/cluster/instance.ts';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { signUp, type Session } from '../deploy/test/http-client.ts';
import { startBenchServer } from './bench-server.ts';
import { orderRequest } from './order-load.ts';

const ORDERS = Number(process.env.ANSWER_SIZE_ORDERS ?? 3_000);
const onPostgres = process.argv.includes('--pg');
const postgres = onPostgres ? startThrowawayPostgres() : null;
if (onPostgres && !postgres)
  throw new Error('PostgreSQL is missing: apt-get install -y postgresql');

/** One call as the web app makes it: the answer's bytes as they came. */
async function send(url: string, user: Session, route: string, body: Record<string, unknown>) {
  const { headers } = orderRequest(user, 0);
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ walletAddress: user.walletAddress, ...body }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${route} answered ${response.status}: ${text}`);
  return { bytes: Buffer.byteLength(text), json: JSON.parse(text) as Record<string, unknown> };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-bench-answer-size-'));
let server: Instance | undefined;
try {
  server = await startBenchServer({ dataDir, databaseUrl: postgres?.url });
  const url = server.url;
  const user = await signUp(url, 'size');
  const order = (route: string, usd: number) =>
    send(url, user, route, { symbol: 'BTC', assetAmount: usd, unit: 'USD' });
  await order('/purchase-asset', 1_000);
  for (let i = 0; i < ORDERS; i += 1)
    await order(i % 2 === 0 ? '/purchase-asset' : '/sell-asset', i % 2 === 0 ? 10 : 5);
  const bought = await order('/purchase-asset', 10);
  const sold = await order('/sell-asset', 5);
  const opened = await send(url, user, '/open-limit-position', {
    type: 'PURCHASE',
    symbol: 'BTC',
    limitAsk: 1,
    purchaseAsk: 10,
  });
  const positionId = (opened.json.limitPosition as { positionId: string }).positionId;
  const cancelled = await send(url, user, '/cancel-limit-position', { positionId });
  const whole = await send(url, user, '/user-details', {});
  const kb = (n: number) => `${n.toLocaleString('en-US')} B (${(n / 1024).toFixed(2)} KB)`;
  console.log(
    `${onPostgres ? 'PostgreSQL' : 'SQLite'}, after ${ORDERS.toLocaleString('en-US')} orders (load ${loadavg()[0]?.toFixed(1)}):`,
  );
  console.log(
    `  purchase answer: ${kb(bought.bytes)}; fields ${Object.keys(bought.json).join(', ')}`,
  );
  console.log(`  sell answer: ${kb(sold.bytes)}`);
  console.log(`  limit order opened: ${kb(opened.bytes)}; cancelled: ${kb(cancelled.bytes)}`);
  console.log(`  the whole User (POST /user-details): ${kb(whole.bytes)}`);
} finally {
  await server?.process.stop();
  rmSync(dataDir, { recursive: true, force: true });
  postgres?.stop();
}
