import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderPage } from '../../test/render.tsx';
import { RealismCard } from './realism-card.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup(settings: Record<string, string> = {}) {
  const user = makeUser({ settings: { ...makeUser().settings, ...settings } });
  const api = mockApi((r) => (r.path === '/update-user' ? { body: user } : undefined));
  renderPage(<RealismCard user={user} />);
  return api;
}

const sent = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((c) => c.path === '/update-user').map((c) => c.body);

describe('realism card, fill model', () => {
  it('the fill model is Order book until the settings say Ideal', () => {
    setup();
    expect(screen.getByRole('radio', { name: /^Order book/ })).toBeChecked();
  });

  it('a saved Ideal shows checked', () => {
    setup({ fill_model: 'IDEAL' });
    expect(screen.getByRole('radio', { name: /^Ideal/ })).toBeChecked();
  });

  it('choosing Ideal saves the fill_model setting through update-user', async () => {
    const api = setup();
    await userEvent.click(screen.getByRole('radio', { name: /^Ideal/ }));
    await waitFor(() =>
      expect(sent(api)).toContainEqual(
        expect.objectContaining({ key: 'settings', updates: { fill_model: 'IDEAL' } }),
      ),
    );
  });

  it('the Typical exchange preset sets the fill model to Order book with its costs', async () => {
    const api = setup({ fill_model: 'IDEAL' });
    await userEvent.click(screen.getByRole('radio', { name: /^Typical exchange/ }));
    await waitFor(() =>
      expect(sent(api)).toContainEqual(
        expect.objectContaining({
          updates: {
            trading_fee_bps: 10,
            trading_fee_min_usd: 0,
            spread_bps: 5,
            fill_model: 'BOOK',
          },
        }),
      ),
    );
  });
});
