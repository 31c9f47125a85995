import { USD_DECIMALS_MESSAGE } from '@papertrade/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderPage } from '../../test/render.tsx';
import { DangerZone } from './danger-zone.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the reset dialog', () => {
  it("checks a custom starting balance with the request's own schema before sending", async () => {
    const api = mockApi(() => undefined);
    renderPage(<DangerZone user={makeUser()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset account' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Custom amount' }));
    const input = screen.getByLabelText('Custom starting balance');
    const confirm = screen.getByRole('button', { name: 'Confirm reset' });

    await userEvent.type(input, '5000.005');
    expect(input).toHaveAccessibleDescription(USD_DECIMALS_MESSAGE);
    expect(confirm).toBeDisabled();

    await userEvent.clear(input);
    await userEvent.type(input, '500');
    expect(input).toHaveAccessibleDescription('Starting balance must be at least $1,000');

    await userEvent.clear(input);
    await userEvent.type(input, '5000.05');
    expect(input).toHaveAccessibleDescription('From $1,000 to $10,000,000');
    expect(confirm).toBeEnabled();
    expect(api.calls.some((c) => c.path === '/reset-user')).toBe(false);
  });
});
