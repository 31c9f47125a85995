import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { frameworkErrorBody } from './framework-errors.ts';
import { invalidText } from './text-input.ts';

interface Issue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function describeValidation(error: FastifyError & { validation?: Issue[] }) {
  const first = error.validation?.[0];
  const issuePath = first?.params?.issue?.path;
  const field = issuePath?.length
    ? issuePath.map(String).join('.')
    : (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || undefined;
  const message = first?.params?.issue?.message ?? first?.message ?? 'Invalid input';
  return { field, message: field ? `${field}: ${message}` : message };
}

/** Every failure answers `{error, code, field?}` (docs/api.md, General rules); never a stack trace or SQL text. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: error.message,
        code: error.code,
        ...(error.field ? { field: error.field } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const { field, message } = describeValidation(error);
      return reply
        .status(400)
        .send({ error: message, code: 'VALIDATION_ERROR', ...(field ? { field } : {}) });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply
          .status(400)
          .send({ error: 'The request body is not valid JSON', code: 'INVALID_JSON' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply
          .status(413)
          .send({ error: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .status(415)
          .send({ error: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' });
      // PostgreSQL refuses text it cannot store: bad input, not a fault. Request text is checked
      // before any handler (text-input.ts); this covers text that reaches a query another way.
      case '22021':
      case '22P05': {
        const refused = invalidText();
        return reply
          .status(refused.statusCode)
          .send({ error: refused.message, code: refused.code });
      }
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ error: 'Too many attempts, try again later', code: 'RATE_LIMITED' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // A fixed text per status: the framework's and plugins' messages can quote the request.
      const { status, ...body } = frameworkErrorBody(error);
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}
