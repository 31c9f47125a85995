import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';

/**
 * Alpaca's error answer, `{code, message}` with its numeric codes, on the Alpaca-compatible
 * routes only (docs/decisions/031-alpaca-trading.md); every other route keeps `{error, code}`.
 */
export class AlpacaError extends Error {
  constructor(
    readonly statusCode: number,
    readonly alpacaCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AlpacaError';
  }
}

/** Alpaca's codes are the status followed by 10000 (40010001 for a bad request body). */
const codeFor = (status: number) => status * 100_000 + 10_000;

export const alpacaError = (status: number, message: string) =>
  new AlpacaError(status, codeFor(status), message);
export const alpacaNotFound = (message = 'order not found') => alpacaError(404, message);
export const alpacaUnprocessable = (message: string) => alpacaError(422, message);
/** Something Alpaca offers that we do not: the message says that we differ, and how. */
export const notOffered = (message: string) => alpacaError(422, `not supported here: ${message}`);

/**
 * Our error codes that Alpaca answers with another status: money it calls "insufficient buying
 * power"/"insufficient qty" (403), and a request it could not carry out (422, not 400 or 409).
 */
function statusOf(error: AppError): number {
  if (error.code === 'INSUFFICIENT_FUNDS' || error.code === 'INSUFFICIENT_SHARES') return 403;
  if (error.statusCode === 400 || error.statusCode === 409) return 422;
  return error.statusCode;
}

/** The scope's error handler: every failure in Alpaca's shape, never a stack or SQL text. */
export function registerAlpacaErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AlpacaError)
      return reply
        .status(error.statusCode)
        .send({ code: error.alpacaCode, message: error.message });
    if (error instanceof AppError) {
      const status = statusOf(error);
      const message = error.field ? `${error.field}: ${error.message}` : error.message;
      return reply.status(status).send({ code: codeFor(status), message });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const issue = error.validation?.[0] as
        | { params?: { issue?: { path?: PropertyKey[]; message?: string } }; message?: string }
        | undefined;
      const path = issue?.params?.issue?.path?.map(String).join('.');
      const text = issue?.params?.issue?.message ?? issue?.message ?? 'invalid input';
      return reply
        .status(422)
        .send({ code: codeFor(422), message: path ? `${path}: ${text}` : text });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // A fixed text: the framework's messages can quote the request.
      const message = status === 429 ? 'rate limit exceeded' : 'request is invalid';
      return reply.status(status).send({ code: codeFor(status), message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: codeFor(500), message: 'internal server error' });
  });
}
