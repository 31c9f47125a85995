import { priceFromNumber, type PriceUnits } from '@papertrade/domain';

export interface CatalogAsset {
  /** Pair slug: lowercase symbol + "usd" (docs/api.md, Shapes). */
  id: string;
  symbol: string;
  name: string;
  /** Starting price (late-2024 scale), in 1e-8 USD. */
  price: PriceUnits;
  /** Annualised volatility of the random walk (0.6 = 60 % a year), plausible for each coin. */
  volatility: number;
  /**
   * Typical USD traded a day (late-2024 scale): how deep its simulated order book is, majors deep
   * and small coins thin (docs/decisions/029-simulated-order-book.md).
   */
  dailyVolumeUsd: number;
}

// [symbol, name, starting price in USD, annual volatility, USD traded a day]. Every symbol has an icon in the
// cryptocurrency-icons package (svg/color/<symbol>.svg); asset-catalog.test.ts checks it.
const entries: [string, string, number, number, number][] = [
  ['BTC', 'Bitcoin', 95000, 0.55, 30_000_000_000],
  ['ETH', 'Ethereum', 3400, 0.7, 15_000_000_000],
  ['SOL', 'Solana', 215.4, 0.95, 3_000_000_000],
  ['XRP', 'XRP', 2.3125, 1.0, 5_000_000_000],
  ['BNB', 'BNB', 695.2, 0.6, 1_500_000_000],
  ['ADA', 'Cardano', 1.0418, 0.9, 1_000_000_000],
  ['DOGE', 'Dogecoin', 0.39875, 1.1, 3_000_000_000],
  ['TRX', 'TRON', 0.25412, 0.65, 500_000_000],
  ['DOT', 'Polkadot', 8.93, 0.9, 400_000_000],
  ['LTC', 'Litecoin', 114.6, 0.8, 600_000_000],
  ['LINK', 'Chainlink', 24.18, 0.9, 800_000_000],
  ['AVAX', 'Avalanche', 48.35, 1.0, 600_000_000],
  ['XLM', 'Stellar', 0.44718, 0.95, 400_000_000],
  ['BCH', 'Bitcoin Cash', 521.7, 0.85, 500_000_000],
  ['ATOM', 'Cosmos', 9.41, 0.85, 250_000_000],
  ['UNI', 'Uniswap', 16.52, 0.95, 300_000_000],
  ['ETC', 'Ethereum Classic', 33.08, 0.85, 200_000_000],
  ['XMR', 'Monero', 195.3, 0.7, 100_000_000],
  ['FIL', 'Filecoin', 6.42, 1.0, 250_000_000],
  ['AAVE', 'Aave', 331.9, 1.0, 400_000_000],
];

export const ASSET_CATALOG: readonly CatalogAsset[] = entries.map(
  ([symbol, name, usd, volatility, dailyVolumeUsd]) => {
    const price = priceFromNumber(usd);
    if (price === null) throw new Error(`Catalog price of ${symbol} does not fit 8 decimals`);
    return { id: `${symbol.toLowerCase()}usd`, symbol, name, price, volatility, dailyVolumeUsd };
  },
);

/** Where the web app (and any client) fetches an asset's icon: served by market/routes.ts. */
export function assetImageUrl(symbol: string): string {
  return `/icons/assets/${symbol.toLowerCase()}.svg`;
}
