import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { textFrame } from './ws-frame.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** What a real ws client reads when the server writes `frames` straight to the connection. */
async function received(frames: Buffer[]): Promise<{ text: string; isBinary: boolean }[]> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  cleanups.push(() => server.close());
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (_socket, request) => {
    for (const frame of frames) request.socket.write(frame);
  });
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, {
    perMessageDeflate: false,
  });
  cleanups.push(() => client.terminate());
  const messages: { text: string; isBinary: boolean }[] = [];
  return new Promise((resolve, reject) => {
    client.on('error', reject);
    client.on('message', (data: Buffer, isBinary) => {
      messages.push({ text: data.toString(), isBinary });
      if (messages.length === frames.length) resolve(messages);
    });
  });
}

describe('textFrame', () => {
  it('is read by a ws client as the same text message, across the three length encodings', async () => {
    // 7-bit length up to 125, 16-bit up to 65,535, 64-bit beyond.
    const texts = [0, 1, 125, 126, 65_535, 65_536, 70_000].map(
      (n) => 'é'.repeat(Math.floor(n / 2)) + 'x'.repeat(n % 2),
    );
    const messages = await received(texts.map((text) => textFrame(Buffer.from(text))));
    expect(messages.map((m) => m.isBinary)).toEqual(texts.map(() => false));
    expect(messages.map((m) => m.text)).toEqual(texts);
  });
});
