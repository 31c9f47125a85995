import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { accountRoutes } from './account-routes.ts';
import { registerAlpacaErrors } from './alpaca-errors.ts';
import { assetsRoutes } from './assets-routes.ts';
import { ordersRoutes } from './orders-routes.ts';
import { positionsRoutes } from './positions-routes.ts';

/**
 * Alpaca's Trading API v2 at our origin (docs/api.md "Alpaca-compatible trading",
 * docs/decisions/031-alpaca-trading.md): API keys only, Alpaca's fields and error shape, mapped
 * onto our orders and ledger through the same functions as the web's routes. Registered in a
 * scope of its own so its error handler answers Alpaca's `{code, message}` here only.
 */
export function alpacaTradingRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAlpacaErrors(app);
  accountRoutes(app, ctx);
  assetsRoutes(app, ctx);
  ordersRoutes(app, ctx);
  positionsRoutes(app, ctx);
}
