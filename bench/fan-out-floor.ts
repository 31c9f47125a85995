/**
 * The floor of bench:live: a bare `net` server that accepts GET /live's WebSocket upgrade and, per
 * tick, writes one pre-built text frame to every socket the way the real hub does (the same
 * bytes to each, in the hub's turns of the event loop: inTurns; Nagle off as ws sets it). No
 * app, no bus, no market, no JSON per tick beyond the one payload: what is left is Node's write
 * per socket, the kernel's loopback delivery and the clients' reading. The real server's p99 cannot
 * go below this one's on the same machine.
 */
import { createHash } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { inTurns } from '../packages/server/src/realtime/live-hub.ts';
import { textFrame } from '../packages/server/src/realtime/ws-frame.ts';

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface FanOutFloor {
  port: number;
  /** Writes a frame stamped with the tick's start to every socket; resolves with that start once all are written. */
  tick(): Promise<number>;
  close(): Promise<void>;
}

/** `payloadAt(at)`: the message for a tick started at `at`, the size of the real prices message. */
export async function startFanOutFloor(payloadAt: (at: number) => string): Promise<FanOutFloor> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    let head = '';
    const onHead = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onHead);
      const key = /sec-websocket-key:\s*(\S+)/i.exec(head)?.[1] ?? '';
      const accept = createHash('sha1')
        .update(key + WS_GUID)
        .digest('base64');
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
      // The snapshot every /live socket gets on connect.
      socket.write(textFrame(Buffer.from(payloadAt(Date.now()))));
      sockets.add(socket);
      // Client frames (pongs) are read and dropped.
      socket.on('data', () => {});
    };
    socket.on('data', onHead);
    socket.on('error', () => sockets.delete(socket));
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async tick() {
      const at = Date.now();
      const frame = textFrame(Buffer.from(payloadAt(at)));
      await inTurns([...sockets], (socket) => socket.write(frame));
      return at;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
