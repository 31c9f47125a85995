import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BTC } from '../test/fixtures.ts';
import { formatDateTime } from '../lib/format.ts';
import { StalePriceNote } from './stale-price.tsx';

describe('stale price note', () => {
  it('says nothing under a fresh price', () => {
    const { container } = render(<StalePriceNote asset={BTC} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says since when a stale price is', () => {
    const priceAt = Date.UTC(2026, 11, 3, 18, 30);
    render(<StalePriceNote asset={{ ...BTC, stale: true, priceAt }} />);
    expect(screen.getByText(`prices as of ${formatDateTime(priceAt)}`)).toBeInTheDocument();
  });

  it('says an asset the feed does not carry has no live price', () => {
    render(<StalePriceNote asset={{ ...BTC, stale: true, tradable: false }} />);
    expect(screen.getByText('no live price')).toBeInTheDocument();
  });
});
