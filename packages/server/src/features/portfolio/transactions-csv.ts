import { Readable } from 'node:stream';
import { CENT_DECIMALS, PRICE_DECIMALS, SHARE_DECIMALS, formatUnits } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { DB } from '../../db/schema.ts';
import { csvLine, csvNumber } from '../../http/csv.ts';
import { requireUser, sessionPortfolio } from '../auth/guard.ts';

const HEADER = csvLine([
  'id',
  'timestamp',
  'type',
  'method',
  'symbol',
  'shares',
  'price',
  'total',
  'fee',
  'archived',
  'note',
]);
/** Rows read per query: memory stays flat however long the history is. */
const BATCH = 1000;

/** The whole history of every epoch, newest first, a batch of rows at a time (keyset on created_at, id). */
export async function* transactionCsvLines(
  db: Kysely<DB>,
  portfolioId: string,
): AsyncGenerator<string> {
  yield HEADER;
  const user = await db
    .selectFrom('portfolios')
    .select('epoch')
    .where('id', '=', portfolioId)
    .executeTakeFirst();
  if (!user) return;
  const epoch = BigInt(user.epoch);
  let after: { createdAt: bigint; id: string } | undefined;
  for (;;) {
    const key = after;
    const rows = await db
      .selectFrom('transactions')
      .selectAll()
      .where('portfolio_id', '=', portfolioId)
      .$if(key !== undefined, (qb) =>
        qb.where((eb) => {
          const { createdAt, id } = key as { createdAt: bigint; id: string };
          return eb.or([
            eb('created_at', '<', createdAt),
            eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
          ]);
        }),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      chunk += csvLine([
        r.id,
        new Date(Number(r.created_at)).toISOString(),
        r.type,
        r.method,
        r.symbol,
        csvNumber(formatUnits(BigInt(r.shares), SHARE_DECIMALS)),
        csvNumber(formatUnits(BigInt(r.price), PRICE_DECIMALS)),
        csvNumber(formatUnits(BigInt(r.total_cents), CENT_DECIMALS)),
        csvNumber(formatUnits(BigInt(r.fee_cents), CENT_DECIMALS)),
        BigInt(r.epoch) < epoch ? 'yes' : 'no',
        r.note ?? '',
      ]);
    }
    yield chunk;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    if (!last) return;
    after = { createdAt: BigInt(last.created_at), id: last.id };
  }
}

export function transactionsCsvRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/transactions.csv',
    {
      preHandler: requireUser,
      schema: {
        description:
          "The caller's whole history, every epoch, newest first, as text/csv (attachment transactions.csv). " +
          'Columns: id, timestamp (ISO 8601, UTC), type, method, symbol, shares, price, total, fee (USD charged on the fill; exact decimals), ' +
          "archived (yes for history from before an account reset), note (the trader's note on the order, if any).",
        produces: ['text/csv'],
      },
    },
    (request, reply) => {
      const portfolio = sessionPortfolio(request);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transactions.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(transactionCsvLines(ctx.db, portfolio.id)));
    },
  );
}
