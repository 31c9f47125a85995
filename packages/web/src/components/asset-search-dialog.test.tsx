import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BTC, ETH, XRP } from '../test/fixtures.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderPage } from '../test/render.tsx';
import AssetSearchDialog from './asset-search-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('asset search', () => {
  it('lists price and day change and hands back the picked asset', async () => {
    mockApi((r) => (r.path === '/all-assets' ? { body: [BTC, ETH, XRP] } : undefined));
    const onPick = vi.fn();
    renderPage(<AssetSearchDialog open onClose={() => undefined} onPick={onPick} />);
    const search = await screen.findByPlaceholderText('Search assets');
    await userEvent.type(search, 'rip');
    expect(await screen.findByText('Ripple')).toBeInTheDocument();
    expect(screen.getByText('$0.5000')).toBeInTheDocument();
    expect(screen.getByText('0.00%')).toBeInTheDocument();
    expect(screen.queryByText('Bitcoin')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Ripple/ }));
    expect(onPick).toHaveBeenCalledWith(XRP);
  });
});
