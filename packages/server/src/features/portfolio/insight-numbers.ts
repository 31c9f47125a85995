import {
  centsToNumber,
  priceToNumber,
  returnPercentage,
  sharesToNumber,
  valueOfShares,
  type Cents,
  type HoldBenchmark,
  type PortfolioInsight,
  type PriceUnits,
  type RealisedTrade,
  type ShareUnits,
} from '@papertrade/domain';
import { costToCents, type ReplayedSale, type ReplayResult } from './fifo-replay.ts';

/** The rows GET /portfolio-insight reads, in exact units. */
export interface InsightInput {
  since: number;
  startingCents: Cents;
  /** Free cash plus the cash working buy orders reserve. */
  cashCents: Cents;
  freeShares: ReadonlyMap<string, ShareUnits>;
  /** Each working sell order's reserved shares: valued one by one, as the total balance values them. */
  sellOrders: readonly { symbol: string; shares: ShareUnits }[];
  /** lot_totals: the open lots' shares and cost (1e-16 dollars) per symbol. */
  lotTotals: ReadonlyMap<string, { shares: ShareUnits; cost: bigint }>;
  prices: ReadonlyMap<string, PriceUnits>;
  /** null when the epoch has more fills than the server replays. */
  replay: ReplayResult | null;
  benchmark: HoldBenchmark | null;
}

const TRADES_SHOWN = 3;

function tradeAnswer(sale: ReplayedSale): RealisedTrade {
  return {
    transactionId: sale.id,
    symbol: sale.symbol,
    timestamp: sale.createdAt,
    shares: sharesToNumber(sale.shares),
    price: priceToNumber(sale.price),
    proceeds: centsToNumber(sale.proceedsCents),
    cost: centsToNumber(sale.costCents),
    realisedPnl: centsToNumber(sale.realisedCents),
    returnPercentage: returnPercentage(sale.proceedsCents, sale.costCents),
  };
}

/** Best and worst sales: gains largest first, losses largest first; a break-even sale is neither. */
function rankTrades(sales: readonly ReplayedSale[]) {
  // Ties by time, newest first, so the same history always lists the same trades.
  const byGain = [...sales].sort((a, b) =>
    a.realisedCents !== b.realisedCents
      ? a.realisedCents > b.realisedCents
        ? -1
        : 1
      : b.createdAt - a.createdAt,
  );
  const best = byGain.filter((s) => s.realisedCents > 0n).slice(0, TRADES_SHOWN);
  const worst = byGain
    .filter((s) => s.realisedCents < 0n)
    .reverse()
    .slice(0, TRADES_SHOWN);
  return { bestTrades: best.map(tradeAnswer), worstTrades: worst.map(tradeAnswer) };
}

/** The insight's figures from its rows: bigint throughout, each figure turned into a number once. */
export function buildInsight(input: InsightInput): PortfolioInsight {
  const { replay } = input;
  const valueOf = (symbol: string, shares: ShareUnits): Cents => {
    const price = input.prices.get(symbol);
    return price === undefined || price <= 0n ? 0n : valueOfShares(shares, price);
  };
  const held = new Map<string, ShareUnits>();
  const add = (symbol: string, shares: ShareUnits) =>
    held.set(symbol, (held.get(symbol) ?? 0n) + shares);
  for (const [symbol, shares] of input.freeShares) if (shares > 0n) add(symbol, shares);
  for (const order of input.sellOrders) add(order.symbol, order.shares);
  // Free and reserved shares valued together, as the total balance values them (decision 041).
  const values = new Map([...held].map(([symbol, shares]) => [symbol, valueOf(symbol, shares)]));

  const realisedBySymbol = new Map<string, Cents>();
  for (const sale of replay?.sales ?? []) {
    realisedBySymbol.set(
      sale.symbol,
      (realisedBySymbol.get(sale.symbol) ?? 0n) + sale.realisedCents,
    );
  }
  const symbols = [...new Set([...held.keys(), ...realisedBySymbol.keys()])];
  let unrealised = 0n;
  const positions = symbols.map((symbol) => {
    const valueCents = values.get(symbol) ?? 0n;
    // The fees paid buying the shares still held are part of what they cost, as a sale's cost
    // carries its lots' fees (fifo-replay.ts): so total = start + realised + unrealised, fees and all.
    const costCents =
      costToCents(input.lotTotals.get(symbol)?.cost ?? 0n) +
      (replay?.open.get(symbol)?.feeCents ?? 0n);
    const unrealisedCents = (held.get(symbol) ?? 0n) > 0n ? valueCents - costCents : 0n;
    unrealised += unrealisedCents;
    const realised = realisedBySymbol.get(symbol);
    return {
      symbol,
      valueCents,
      position: {
        symbol,
        shares: sharesToNumber(held.get(symbol) ?? 0n),
        value: centsToNumber(valueCents),
        cost: centsToNumber(costCents),
        unrealisedPnl: centsToNumber(unrealisedCents),
        realisedPnl: replay ? centsToNumber(realised ?? 0n) : null,
      },
    };
  });
  // Largest holdings first, then sold-out symbols by name: the table reads like the donut.
  positions.sort((a, b) =>
    a.valueCents !== b.valueCents
      ? a.valueCents > b.valueCents
        ? -1
        : 1
      : a.symbol.localeCompare(b.symbol),
  );

  const total = positions.reduce((sum, p) => sum + p.valueCents, input.cashCents);
  const realisedTotal = replay ? replay.sales.reduce((sum, s) => sum + s.realisedCents, 0n) : null;
  return {
    since: input.since,
    startingBalance: centsToNumber(input.startingCents),
    totalBalance: centsToNumber(total),
    returnPercentage: returnPercentage(total, input.startingCents),
    allocation: [
      { symbol: null, value: centsToNumber(input.cashCents) },
      ...positions
        .filter((p) => p.valueCents > 0n)
        .map((p) => ({ symbol: p.symbol, value: centsToNumber(p.valueCents) })),
    ],
    positions: positions.map((p) => p.position),
    unrealisedPnl: centsToNumber(unrealised),
    realisedPnl: realisedTotal === null ? null : centsToNumber(realisedTotal),
    realisedAvailable: replay !== null,
    sellCount: replay ? replay.sales.length : 0,
    ...(replay ? rankTrades(replay.sales) : { bestTrades: [], worstTrades: [] }),
    benchmark: input.benchmark,
  };
}
