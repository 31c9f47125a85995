import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { cspHeader, DOCS_CSP } from './security-headers.ts';

/** /openapi.json and /docs, generated from the same zod schemas that validate the routes. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Paper trading API',
        version: '1.0.0',
        description:
          'Every failure answers {error, code, field?}. Authenticated calls carry the session cookie or ' +
          '`Authorization: Bearer <token>`, and `Wallet: <walletAddress>`. Paged answers carry the next ' +
          'cursor in the X-Next-Cursor header.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Swagger UI's routes get their own policy (set in its scope's onSend, over the app's).
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: cspHeader(DOCS_CSP) });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
