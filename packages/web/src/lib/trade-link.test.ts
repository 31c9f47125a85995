import { describe, expect, it } from 'vitest';
import { readTradeLink, tradeLinkHref } from './trade-link.ts';

const read = (href: string) => readTradeLink(new URL(href, 'http://x').searchParams);

describe('trade links', () => {
  it('round-trips the method, side and protected leg', () => {
    const href = tradeLinkHref('solusd', { method: 'LIMIT', side: 'PURCHASE', protect: 'trail' });
    expect(href).toBe('/asset?pair=solusd&trade=LIMIT&side=PURCHASE&protect=trail');
    expect(read(href)).toEqual({ method: 'LIMIT', side: 'PURCHASE', protect: 'trail' });
    expect(read(tradeLinkHref('btcusd', { method: 'OCO', side: 'SELL' }))).toEqual({
      method: 'OCO',
      side: 'SELL',
    });
  });

  it('asks for nothing without a known method; a sell carries no bracket leg', () => {
    expect(read('/asset?pair=btcusd')).toBeNull();
    expect(read('/asset?pair=btcusd&trade=ICEBERG')).toBeNull();
    expect(read('/asset?trade=STOP')).toEqual({ method: 'STOP', side: 'PURCHASE' });
    expect(read('/asset?trade=STOP&side=SELL&protect=stopLoss')).toEqual({
      method: 'STOP',
      side: 'SELL',
    });
    expect(read('/asset?trade=LIMIT&protect=everything')).toEqual({
      method: 'LIMIT',
      side: 'PURCHASE',
    });
  });
});
