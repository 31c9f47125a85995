/**
 * The client side of npm run bench:live, run as a child process of bench/live.ts (one or more),
 * so the clients' work is not the server's. Opens its share of GET /live sockets and, for every
 * prices message after the first (the snapshot sent on connect), notes arrival time minus the
 * message's `at` (the tick's start, read from the server's Date.now()); same machine, same clock.
 *
 * The sockets speak WebSocket over plain `net` sockets, parsing only frame headers and the
 * message's first and last bytes: a full client library's per-message work (a stream per socket,
 * events, buffers) would make this process the bottleneck at 10,000 sockets and show up as
 * "latency" that the server did not cause. Arrival is the `data` event that completes the frame.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface ClientJob {
  port: number;
  /** One token per signed-in socket (a user's token repeats for each of their sockets). */
  tokens: string[];
  anonymous: number;
}
export type FromClients =
  | { kind: 'ready'; connectMs: number; sockets: number; failed: number; signedInWithUser: number }
  /** cpuMs: this process's CPU time since the previous tick was complete. */
  | { kind: 'tick'; at: number; cpuMs: number }
  | { kind: 'done'; latencies: number[]; closedByServer: number };
export type ToClients = { kind: 'close' };

const CONNECT_BATCH = 200;
/** Every socket reads into this; onData copies what it keeps (a partial frame). */
const READ_BUFFER = Buffer.alloc(256 * 1024);
const PRICES_PREFIX = Buffer.from('{"type":"prices"');
const USER_PREFIX = Buffer.from('{"type":"user"');
const AT_KEY = Buffer.from('"at":');
// Client frames must be masked (RFC 6455 5.3); a zero key leaves the (empty) payload as is.
const PONG = Buffer.from([0x8a, 0x80, 0, 0, 0, 0]);

interface Client {
  socket: net.Socket;
  pending: Buffer | null;
  snapshotSeen: boolean;
  signedIn: boolean;
  userSeen: boolean;
}

const latencies: number[] = [];
const arrivals = new Map<number, number>();
let sockets = 0;
let closedByServer = 0;
let cpu = process.cpuUsage();

function send(message: FromClients): void {
  process.send?.(message);
}

function onText(client: Client, payload: Buffer, now: number): void {
  if (payload.subarray(0, PRICES_PREFIX.length).equals(PRICES_PREFIX)) {
    if (!client.snapshotSeen) {
      client.snapshotSeen = true;
      return;
    }
    // {"type":"prices","assets":[...],"at":1234567890123}: the tail holds `at`.
    const tail = payload.subarray(Math.max(0, payload.length - 32));
    const key = tail.lastIndexOf(AT_KEY);
    const at = Number(tail.subarray(key + AT_KEY.length, tail.length - 1).toString('latin1'));
    latencies.push(now - at);
    const count = (arrivals.get(at) ?? 0) + 1;
    arrivals.set(at, count);
    if (count === sockets) {
      arrivals.delete(at);
      const used = process.cpuUsage(cpu);
      cpu = process.cpuUsage();
      send({ kind: 'tick', at, cpuMs: (used.user + used.system) / 1000 });
    }
  } else if (payload.subarray(0, USER_PREFIX.length).equals(USER_PREFIX)) {
    client.userSeen = true;
  }
}

/** Reads whole frames off `data`; a partial frame waits in `pending` for the next chunk. */
function onData(client: Client, chunk: Buffer): void {
  const now = Date.now();
  let data = client.pending ? Buffer.concat([client.pending, chunk]) : chunk;
  client.pending = null;
  for (;;) {
    if (data.length < 2) break;
    const opcode = data[0]! & 0x0f;
    let length = data[1]! & 0x7f;
    let offset = 2;
    if (length === 126) {
      if (data.length < 4) break;
      length = data.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (data.length < 10) break;
      length = Number(data.readBigUInt64BE(2));
      offset = 10;
    }
    if (data.length < offset + length) break;
    const payload = data.subarray(offset, offset + length);
    if (opcode === 0x1) onText(client, payload, now);
    else if (opcode === 0x9) client.socket.write(PONG);
    data = data.subarray(offset + length);
  }
  if (data.length > 0) client.pending = Buffer.from(data);
}

function open(port: number, token: string | undefined): Promise<Client | null> {
  return new Promise((resolve) => {
    let head: Buffer = Buffer.alloc(0);
    let upgraded = false;
    const onChunk = (chunk: Buffer) => {
      if (upgraded) return onData(client, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      if (!head.subarray(0, 12).toString('latin1').startsWith('HTTP/1.1 101')) {
        socket.destroy();
        return resolve(null);
      }
      upgraded = true;
      resolve(client);
      if (head.length > end + 4) onData(client, head.subarray(end + 4));
    };
    // Reads land in one shared buffer, handed over at once: no Buffer and no stream event per read.
    const socket = net.connect({
      port,
      host: '127.0.0.1',
      onread: {
        buffer: READ_BUFFER,
        callback: (bytes: number, buffer: Uint8Array) => {
          onChunk(Buffer.from(buffer.buffer, buffer.byteOffset, bytes));
          return true;
        },
      },
    });
    socket.setNoDelay(true);
    const client: Client = {
      socket,
      pending: null,
      snapshotSeen: false,
      signedIn: token !== undefined,
      userSeen: false,
    };
    socket.on('error', () => {
      if (!upgraded) resolve(null);
    });
    socket.on('close', () => {
      if (upgraded) closedByServer += 1;
      else resolve(null);
    });
    socket.on('connect', () => {
      socket.write(
        `GET /live HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` +
          (token ? `Authorization: Bearer ${token}\r\n` : '') +
          '\r\n',
      );
    });
  });
}

async function run(job: ClientJob): Promise<void> {
  const started = performance.now();
  const clients: Client[] = [];
  let failed = 0;
  const total = job.tokens.length + job.anonymous;
  for (let i = 0; i < total; i += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, total - i) }, (_, k) =>
      open(job.port, job.tokens[i + k]),
    );
    for (const client of await Promise.all(batch)) {
      if (client) clients.push(client);
      else failed += 1;
    }
  }
  sockets = clients.length;
  // Every socket's snapshot (and, signed in, its user) arrives right after the upgrade.
  const until = Date.now() + 10_000;
  const signedIn = clients.filter((c) => c.signedIn);
  const settled = () => clients.every((c) => c.snapshotSeen) && signedIn.every((c) => c.userSeen);
  while (!settled() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 200));
  cpu = process.cpuUsage();
  send({
    kind: 'ready',
    connectMs: performance.now() - started,
    sockets,
    failed,
    signedInWithUser: signedIn.filter((c) => c.userSeen).length,
  });

  process.on('message', (message: ToClients) => {
    if (message.kind !== 'close') return;
    const closed = closedByServer;
    for (const client of clients) client.socket.destroy();
    // Exit only once the (large) report has been handed to the parent.
    process.send?.({ kind: 'done', latencies, closedByServer: closed } satisfies FromClients, () =>
      process.exit(0),
    );
  });
}

process.once('message', (job: ClientJob) => void run(job));
