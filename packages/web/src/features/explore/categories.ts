/** Explore's categories: a display grouping of the simulated assets (docs/pages.md). */
export interface Category {
  name: string;
  description: string;
  symbols: string[];
}

export const CATEGORIES: Category[] = [
  {
    name: 'Layer 1',
    description: 'Base blockchains that settle their own transactions.',
    symbols: ['BTC', 'ETH', 'SOL', 'BNB', 'ADA', 'TRX', 'DOT', 'AVAX', 'ATOM', 'ETC'],
  },
  {
    name: 'DeFi and infrastructure',
    description: 'Exchanges, lending, price oracles and storage built on top of blockchains.',
    symbols: ['UNI', 'AAVE', 'LINK', 'FIL'],
  },
  {
    name: 'Payments',
    description: 'Coins built mainly for sending value quickly and cheaply.',
    symbols: ['XRP', 'LTC', 'XLM', 'BCH', 'XMR'],
  },
  {
    name: 'Meme',
    description: 'Coins driven by internet culture; usually the most volatile.',
    symbols: ['DOGE', 'SHIB', 'PEPE'],
  },
];

/** Assets the map does not know (a catalog addition) still show, under "Other". */
export function groupByCategory<T extends { symbol: string }>(assets: readonly T[]) {
  const known = new Set(CATEGORIES.flatMap((c) => c.symbols));
  const groups = CATEGORIES.map((c) => ({
    ...c,
    assets: assets.filter((a) => c.symbols.includes(a.symbol)),
  }));
  const other = assets.filter((a) => !known.has(a.symbol));
  if (other.length > 0)
    groups.push({ name: 'Other', description: 'Everything else.', symbols: [], assets: other });
  return groups.filter((g) => g.assets.length > 0);
}
