import { ApiKeyIdParams, ApiKeysAnswer, CreateApiKeyBody, CreatedApiKey } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireUser, sessionPortfolio, sessionUser } from '../auth/guard.ts';
import { createApiKey, deleteApiKey, listApiKeys } from './api-keys.ts';

/**
 * docs/api.md "API keys": a signed-in user's keys for programs. Managed with the session only: a
 * request carrying a key is refused here like on every route not made for keys (api-key-guard.ts).
 */
export function apiKeyRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guarded = { preValidation: requireUser };
  const tags = ['api-keys'];

  app.post(
    '/api-keys',
    {
      ...guarded,
      schema: {
        tags,
        description:
          'Creates a key for programs acting on the portfolio of the Wallet header (main or a contest ' +
          'portfolio) with the scopes given: read for reads, trade for orders. The secret is in this ' +
          'answer only; it is stored hashed. 409 TOO_MANY_API_KEYS past 20 keys.',
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKey },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(
        ctx.db,
        sessionUser(request).id,
        sessionPortfolio(request),
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api-keys',
    {
      ...guarded,
      schema: {
        tags,
        description:
          'Your keys, newest first, without their secrets, with when each was last used.',
        response: { 200: ApiKeysAnswer },
      },
    },
    async (request) => listApiKeys(ctx.db, sessionUser(request).id),
  );

  app.delete(
    '/api-keys/:id',
    {
      ...guarded,
      schema: {
        tags,
        description:
          'Revokes one of your keys: the next request with it is refused, on every instance. 404 for any other id.',
        params: ApiKeyIdParams,
      },
    },
    async (request, reply) => {
      await deleteApiKey(ctx.db, sessionUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
