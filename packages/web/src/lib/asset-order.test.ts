import { describe, expect, it } from 'vitest';
import { BTC, ETH, XRP } from '../test/fixtures.ts';
import { filterAssets, sortAssets } from './asset-order.ts';

describe('filterAssets', () => {
  it('matches name, symbol or shown name, ignoring case and spaces', () => {
    expect(filterAssets([BTC, ETH, XRP], 'btc')).toEqual([BTC]);
    expect(filterAssets([BTC, ETH, XRP], 'ETHER')).toEqual([ETH]);
    expect(filterAssets([BTC, ETH, XRP], 'ripple')).toEqual([XRP]);
    expect(filterAssets([BTC, ETH, XRP], '  ')).toEqual([BTC, ETH, XRP]);
  });
});

describe('sortAssets', () => {
  it('sorts by shown name, price or day change either way, leaving the input as it was', () => {
    const listed = [ETH, XRP, BTC];
    expect(sortAssets(listed, 'name').map((a) => a.symbol)).toEqual(['BTC', 'ETH', 'XRP']); // Ripple
    expect(sortAssets(listed, 'priceDesc').map((a) => a.symbol)).toEqual(['BTC', 'ETH', 'XRP']);
    expect(sortAssets(listed, 'priceAsc').map((a) => a.symbol)).toEqual(['XRP', 'ETH', 'BTC']);
    const byChange = sortAssets(listed, 'changeDesc').map((a) => a.dayChangePercentage);
    expect(byChange).toEqual([...byChange].sort((a, b) => b - a));
    expect(sortAssets(listed, 'listed')).toEqual(listed);
    expect(listed.map((a) => a.symbol)).toEqual(['ETH', 'XRP', 'BTC']);
  });
});
