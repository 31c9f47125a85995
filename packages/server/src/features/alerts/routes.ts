import { AlertIdParams, AlertsAnswer, CreateAlertBody, Alert } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireUser, sessionUser } from '../auth/guard.ts';
import { createAlert, deleteAlert, listAlerts, toAlert } from './alerts.ts';

/** docs/api.md "Price alerts": the user's alerts (not a portfolio's); the price alerts job fires them (feature.ts). */
export function alertRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The session is checked before the body is validated, so a visitor learns nothing about input rules.
  const guarded = { preValidation: requireUser };
  const tags = ['alerts'];

  app.post(
    '/alerts',
    {
      ...guarded,
      schema: {
        tags,
        description:
          'Sets a price alert: exactly one of above and below (at most 8 decimals). It fires once, on the first ' +
          'tick at or past that price, as an INFORMATIVE notification linking to the asset. 400 ALERT_ALREADY_REACHED ' +
          'when the current price is already there; 409 TOO_MANY_ALERTS past 50 waiting alerts.',
        body: CreateAlertBody,
        response: { 201: Alert },
      },
    },
    async (request, reply) => {
      const row = await createAlert(ctx.db, sessionUser(request).id, request.body);
      return reply.status(201).send(toAlert(row));
    },
  );

  app.get(
    '/alerts',
    {
      ...guarded,
      schema: {
        tags,
        description: 'Waiting alerts, then the 50 most recently fired, each newest first.',
        response: { 200: AlertsAnswer },
      },
    },
    async (request) => listAlerts(ctx.db, sessionUser(request).id),
  );

  app.delete(
    '/alerts/:id',
    {
      ...guarded,
      schema: {
        tags,
        description: 'Deletes one of your alerts, waiting or fired. 404 for any other id.',
        params: AlertIdParams,
      },
    },
    async (request, reply) => {
      await deleteAlert(ctx.db, sessionUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
