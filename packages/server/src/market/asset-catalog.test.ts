import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { iconFile } from '../features/market/asset-icons.ts';
import { ASSET_CATALOG } from './asset-catalog.ts';

describe('asset catalog', () => {
  it('has about twenty assets with unique ids and plausible prices', () => {
    expect(ASSET_CATALOG.length).toBeGreaterThanOrEqual(18);
    expect(new Set(ASSET_CATALOG.map((a) => a.id)).size).toBe(ASSET_CATALOG.length);
    for (const asset of ASSET_CATALOG) {
      expect(asset.id).toBe(`${asset.symbol.toLowerCase()}usd`);
      expect(asset.price > 0n).toBe(true);
      expect(asset.volatility).toBeGreaterThan(0.2);
      expect(asset.volatility).toBeLessThan(2);
    }
    expect(ASSET_CATALOG[0]).toMatchObject({ id: 'btcusd', symbol: 'BTC', name: 'Bitcoin' });
    expect(ASSET_CATALOG.find((a) => a.symbol === 'XRP')?.name).toBe('XRP');
  });

  it('every asset has an icon in cryptocurrency-icons', () => {
    for (const asset of ASSET_CATALOG)
      expect(existsSync(iconFile(asset.symbol.toLowerCase())), asset.symbol).toBe(true);
  });
});
