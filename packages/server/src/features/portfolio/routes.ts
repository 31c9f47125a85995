import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { balanceHistoryRoute } from './balance-history.ts';
import { portfolioInsightRoute } from './portfolio-insight-route.ts';
import { transactionsCsvRoute } from './transactions-csv.ts';
import { transactionsRoutes } from './transactions-routes.ts';
import { userDetailsRoute } from './user-details-route.ts';

/** The read side of the user record: details, history pages and export, balance history. */
export function portfolioRoutes(app: FastifyInstance, ctx: AppContext): void {
  userDetailsRoute(app, ctx);
  transactionsRoutes(app, ctx);
  transactionsCsvRoute(app, ctx);
  balanceHistoryRoute(app, ctx);
  portfolioInsightRoute(app, ctx);
}
