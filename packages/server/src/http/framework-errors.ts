import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The `{error, code}` body of an error the framework (not a feature) raised. */
export interface FrameworkErrorBody {
  status: number;
  error: string;
  code: string;
}

/**
 * Fixed texts per status. Fastify's and its plugins' own messages quote the request (the path, a
 * header, a content type), and the API's error body (docs/api.md) must never echo input: a page rendering
 * it, or a log reader, would be shown what an attacker chose.
 */
const BY_STATUS: Record<number, Omit<FrameworkErrorBody, 'status'>> = {
  400: { error: 'The request is malformed', code: 'BAD_REQUEST' },
  404: { error: 'There is nothing at this address', code: 'NOT_FOUND' },
  405: { error: 'This method is not allowed here', code: 'METHOD_NOT_ALLOWED' },
  406: {
    error: 'The request asks for a format this address cannot answer in',
    code: 'NOT_ACCEPTABLE',
  },
  408: { error: 'The request took too long to arrive', code: 'REQUEST_TIMEOUT' },
  411: { error: 'The request needs a Content-Length', code: 'LENGTH_REQUIRED' },
  413: { error: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' },
  414: { error: 'The address is too long', code: 'URI_TOO_LONG' },
  415: { error: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' },
  431: { error: 'The request headers are too large', code: 'HEADERS_TOO_LARGE' },
};

/** Framework error codes whose status Fastify does not give as we want to answer it. */
const BY_FASTIFY_CODE: Record<string, number> = {
  // A path parameter over maxParamLength (100): Fastify says 414 and quotes the path.
  FST_ERR_MAX_PARAM_LENGTH: 414,
  // A path that does not decode (`/%E0%A4%A`).
  FST_ERR_BAD_URL: 400,
};

/** The fixed body for a 4xx framework error: by its Fastify code, else by its status. */
export function frameworkErrorBody(error: {
  code?: string;
  statusCode?: number;
}): FrameworkErrorBody {
  const status = BY_FASTIFY_CODE[error.code ?? ''] ?? error.statusCode ?? 400;
  const known = BY_STATUS[status];
  return known
    ? { status, ...known }
    : { status, error: 'The request could not be handled', code: 'BAD_REQUEST' };
}

/**
 * Headers for answers written before the request lifecycle (so before the security headers' hook):
 * a JSON error never needs to load anything or be framed.
 */
const EARLY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

/** Fastify's `frameworkErrors` option: bad URL encodings and over-long path parameters. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, ...body } = frameworkErrorBody(error);
  void reply.status(status).headers(EARLY_HEADERS).send(body);
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses a request (headers over 16 KB, a
 * malformed request line, a timeout) before Fastify sees it, so the answer is written to the
 * socket by hand, then the connection closes as Node's own handler does.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const { error: text, code } = frameworkErrorBody({ statusCode: status });
  const body = JSON.stringify({ error: text, code });
  if (socket.writable) {
    const headers = Object.entries(EARLY_HEADERS)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n${headers}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
