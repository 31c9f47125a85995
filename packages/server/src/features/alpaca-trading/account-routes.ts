import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { totalBalanceCents } from '../../users/total-balance.ts';
import { apiKeyRoute } from '../api-keys/public.ts';
import { loadBalanceHistory } from '../portfolio/public.ts';
import { alpacaUnprocessable } from './alpaca-errors.ts';
import { keyPortfolio } from './alpaca-context.ts';
import { priceText, shareText, toIso } from './alpaca-numbers.ts';
import { loadAccount } from './alpaca-portfolio.ts';
import { toAlpacaSymbol } from './alpaca-symbols.ts';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<string, number> = { D: 1, W: 7, M: 30, A: 365 };

function timeParam(text: string | undefined, field: string): number | undefined {
  if (text === undefined) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Date.parse(text);
  if (Number.isNaN(ms)) throw alpacaUnprocessable(`${field} must be an RFC 3339 time or a date`);
  return ms;
}

/** /v2/account, /v2/clock, /v2/account/activities and /v2/account/portfolio/history. */
export function accountRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keyed = apiKeyRoute(ctx);
  const schema = { hide: true } as const;

  app.get('/v2/account', { ...keyed, schema }, async (request) => {
    const portfolio = keyPortfolio(request);
    return loadAccount(ctx.db, portfolio.id, await totalBalanceCents(ctx.db, portfolio.id));
  });

  app.get('/v2/clock', { ...keyed, schema }, () => {
    // Crypto trades around the clock: open now, and the next close never comes (decision 031).
    const now = new Date();
    return {
      timestamp: now.toISOString(),
      is_open: true,
      next_open: now.toISOString(),
      next_close: new Date(now.getTime() + DAY_MS).toISOString(),
    };
  });

  const ActivitiesQuery = z.object({
    activity_types: z.string().max(200).optional(),
    date: z.string().max(40).optional(),
    after: z.string().max(40).optional(),
    until: z.string().max(40).optional(),
    direction: z.enum(['asc', 'desc']).default('desc'),
    page_size: z.coerce.number().int().min(1).max(100).default(100),
    page_token: z.string().max(80).optional(),
  });
  type ActivitiesQuery = z.infer<typeof ActivitiesQuery>;

  /** Fills of the current epoch, Alpaca's TradeActivity objects; page_token is the last id seen. */
  const fills = async (portfolioId: string, q: ActivitiesQuery) => {
    const day = timeParam(q.date, 'date');
    const after = day ?? timeParam(q.after, 'after');
    const until = day !== undefined ? day + DAY_MS : timeParam(q.until, 'until');
    const token = q.page_token;
    const rows = await ctx.db
      .selectFrom('transactions')
      .select(['id', 'type', 'symbol', 'shares', 'price', 'created_at', 'position_id'])
      .where('portfolio_id', '=', portfolioId)
      .where('epoch', '=', (eb) =>
        eb.selectFrom('portfolios').select('epoch').where('id', '=', portfolioId),
      )
      .$if(after !== undefined, (qb) => qb.where('created_at', '>=', BigInt(after ?? 0)))
      .$if(until !== undefined, (qb) => qb.where('created_at', '<', BigInt(until ?? 0)))
      // Ids are time-ordered (db/new-id.ts), so the page token is the last id of the page before.
      .$if(token !== undefined, (qb) =>
        qb.where('id', q.direction === 'desc' ? '<' : '>', token ?? ''),
      )
      .orderBy('id', q.direction)
      .limit(q.page_size)
      .execute();
    return rows.map((row) => {
      const qty = shareText(BigInt(row.shares));
      return {
        id: row.id,
        activity_type: 'FILL',
        transaction_time: toIso(row.created_at),
        type: 'fill',
        price: priceText(BigInt(row.price)),
        qty,
        side: row.type === 'PURCHASE' ? 'buy' : 'sell',
        symbol: toAlpacaSymbol(row.symbol),
        leaves_qty: '0',
        order_id: row.position_id ?? row.id,
        cum_qty: qty,
        order_status: 'filled',
      };
    });
  };

  app.get(
    '/v2/account/activities',
    { ...keyed, schema: { ...schema, querystring: ActivitiesQuery } },
    async (request) => {
      const types = request.query.activity_types?.split(',').map((s) => s.trim().toUpperCase());
      // Fills are the only activity there is here (no transfers, dividends or fees of Alpaca's kinds).
      if (types && !types.includes('FILL')) return [];
      return fills(keyPortfolio(request).id, request.query);
    },
  );

  app.get(
    '/v2/account/activities/:activityType',
    {
      ...keyed,
      schema: {
        ...schema,
        params: z.object({ activityType: z.string().max(20) }),
        querystring: ActivitiesQuery,
      },
    },
    async (request) => {
      if (request.params.activityType.toUpperCase() !== 'FILL') return [];
      return fills(keyPortfolio(request).id, request.query);
    },
  );

  app.get(
    '/v2/account/portfolio/history',
    {
      ...keyed,
      schema: {
        ...schema,
        querystring: z.object({
          period: z
            .string()
            .regex(/^(\d+[DWMA]|all)$/, 'period is a number and D, W, M or A, or all')
            .optional(),
          timeframe: z.string().max(10).optional(),
          start: z.string().max(40).optional(),
          end: z.string().max(40).optional(),
          intraday_reporting: z.string().max(40).optional(),
          pnl_reset: z.string().max(40).optional(),
          extended_hours: z.string().max(10).optional(),
        }),
      },
    },
    async (request) => {
      const portfolio = keyPortfolio(request);
      const { period = '1M', timeframe = '1D' } = request.query;
      const start = timeParam(request.query.start, 'start');
      const end = timeParam(request.query.end, 'end');
      const match = /^(\d+)([DWMA])$/.exec(period);
      const days = match
        ? Number(match[1]) * (PERIOD_DAYS[match[2] ?? 'D'] ?? 1)
        : ('max' as const);
      const points = (
        await loadBalanceHistory(ctx.db, portfolio.id, start !== undefined ? 'max' : days)
      ).filter(
        (p) =>
          (start === undefined || p.timestamp >= start) &&
          (end === undefined || p.timestamp <= end),
      );
      const base = points[0]?.balance ?? 0;
      return {
        timestamp: points.map((p) => Math.floor(p.timestamp / 1000)),
        equity: points.map((p) => p.balance),
        profit_loss: points.map((p) => Math.round((p.balance - base) * 100) / 100),
        profit_loss_pct: points.map((p) =>
          base === 0 ? 0 : Math.round(((p.balance - base) / base) * 1e6) / 1e6,
        ),
        base_value: base,
        timeframe,
      };
    },
  );
}
