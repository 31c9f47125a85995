import { valueOfShares } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Trx } from '../../db/transaction.ts';
import { costToCents } from '../portfolio/public.ts';
import { toAlpacaSymbol } from './alpaca-symbols.ts';
import { centsText, priceText, shareText, toIso } from './alpaca-numbers.ts';

type Db = Kysely<DB> | Trx;

/** Alpaca's Position object for one holding: all of it is long, crypto, and never on margin. */
export interface AlpacaPosition {
  asset_id: string;
  symbol: string;
  exchange: 'CRYPTO';
  asset_class: 'crypto';
  asset_marginable: false;
  qty: string;
  qty_available: string;
  avg_entry_price: string;
  side: 'long';
  market_value: string;
  cost_basis: string;
  unrealized_pl: string;
  unrealized_plpc: string;
  unrealized_intraday_pl: string;
  unrealized_intraday_plpc: string;
  current_price: string;
  lastday_price: string;
  change_today: string;
}

const ratio = (part: bigint, whole: bigint) =>
  whole === 0n ? '0' : (Number((part * 1_000_000n) / whole) / 1_000_000).toString();

/** The portfolio's holdings (lot totals: free and reserved shares) at current prices. */
export async function loadPositions(
  db: Db,
  portfolioId: string,
  symbol?: string,
): Promise<AlpacaPosition[]> {
  const rows = await db
    .selectFrom('lot_totals')
    .innerJoin('assets', 'assets.symbol', 'lot_totals.symbol')
    .select([
      'lot_totals.symbol',
      'lot_totals.shares',
      'lot_totals.free_shares',
      'lot_totals.cost',
      'assets.id as asset_id',
      'assets.price',
    ])
    .where('lot_totals.portfolio_id', '=', portfolioId)
    .where('lot_totals.shares', '>', 0n)
    .$if(symbol !== undefined, (qb) => qb.where('lot_totals.symbol', '=', symbol ?? ''))
    .orderBy('assets.position')
    .execute();
  return rows.map((row) => {
    const shares = BigInt(row.shares);
    const price = BigInt(row.price);
    const cost = BigInt(row.cost);
    const basis = costToCents(cost);
    const value = valueOfShares(shares, price);
    const pl = value - basis;
    return {
      asset_id: row.asset_id,
      symbol: toAlpacaSymbol(row.symbol),
      exchange: 'CRYPTO',
      asset_class: 'crypto',
      asset_marginable: false,
      qty: shareText(shares),
      qty_available: shareText(BigInt(row.free_shares)),
      // cost is in 1e-16 dollars (shares x price units), so cost / shares is in price units.
      avg_entry_price: priceText(shares === 0n ? 0n : cost / shares),
      side: 'long',
      market_value: centsText(value),
      cost_basis: centsText(basis),
      unrealized_pl: centsText(pl),
      unrealized_plpc: ratio(pl, basis),
      unrealized_intraday_pl: centsText(pl),
      unrealized_intraday_plpc: ratio(pl, basis),
      current_price: priceText(price),
      lastday_price: priceText(price),
      change_today: '0',
    };
  });
}

/** Alpaca's Account object from our portfolio: cash, no margin, no shorting, crypto enabled. */
export async function loadAccount(db: Db, portfolioId: string, equityCents: bigint) {
  const portfolio = await db
    .selectFrom('portfolios')
    .select(['id', 'wallet_address', 'cash_cents', 'created_at'])
    .where('id', '=', portfolioId)
    .executeTakeFirstOrThrow();
  const positions = await loadPositions(db, portfolioId);
  const longCents = positions.reduce((sum, p) => sum + toCents(p.market_value), 0n);
  const cash = centsText(BigInt(portfolio.cash_cents));
  const equity = centsText(equityCents);
  return {
    id: portfolio.id,
    account_number: portfolio.wallet_address,
    status: 'ACTIVE',
    crypto_status: 'ACTIVE',
    currency: 'USD',
    cash,
    portfolio_value: equity,
    equity,
    last_equity: equity,
    long_market_value: centsText(longCents),
    short_market_value: '0',
    position_market_value: centsText(longCents),
    buying_power: cash,
    regt_buying_power: cash,
    daytrading_buying_power: '0',
    effective_buying_power: cash,
    non_marginable_buying_power: cash,
    options_buying_power: '0',
    initial_margin: '0',
    maintenance_margin: '0',
    last_maintenance_margin: '0',
    sma: '0',
    multiplier: '1',
    daytrade_count: 0,
    pattern_day_trader: false,
    shorting_enabled: false,
    trading_blocked: false,
    transfers_blocked: false,
    account_blocked: false,
    trade_suspended_by_user: false,
    crypto_tier: 1,
    options_trading_level: 0,
    options_approved_level: 0,
    accrued_fees: '0',
    pending_transfer_in: '0',
    pending_transfer_out: '0',
    created_at: toIso(portfolio.created_at),
    balance_asof: new Date().toISOString().slice(0, 10),
  };
}

/** A centsText back to cents, exactly. */
function toCents(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0')));
}
