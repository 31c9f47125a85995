/**
 * A server-to-client WebSocket text frame (RFC 6455 5.2: FIN, opcode 1, no mask, no RSV bits),
 * built once for a message that goes to many sockets. ws frames every send() anew (a header
 * buffer and two writes per socket); at 10,000 sockets a tick, writing these same bytes to each
 * socket is one write each and no allocation. Only valid where no extension is negotiated (the
 * /live server turns permessage-deflate off).
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
