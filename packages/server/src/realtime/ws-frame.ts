import * as ws from 'ws';

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}

/** ws's own framer (ws/lib/sender.js, exported by the package), which @types/ws does not declare. */
const { Sender } = ws as unknown as {
  Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] };
};

/**
 * A server-to-client WebSocket text frame, framed by ws itself (FIN, opcode 1, unmasked, no RSV
 * bits), built once for a message that goes to many sockets. ws frames every send() anew (a header
 * buffer and two writes per socket); at 10,000 sockets a tick, writing these same bytes to each
 * socket is one write each and no allocation. ws returns the header and the payload apart, so they
 * are joined once here. Only valid where no extension is negotiated (the /live server turns
 * permessage-deflate off).
 */
export function textFrame(payload: Buffer): Buffer {
  return Buffer.concat(
    Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }),
  );
}
