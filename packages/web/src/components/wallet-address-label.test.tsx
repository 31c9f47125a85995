import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WALLET } from '../test/fixtures.ts';
import { WalletAddressLabel } from './wallet-address-label.tsx';

describe('wallet address label', () => {
  it('shows the first 6 characters and those from position 38', () => {
    render(<WalletAddressLabel address={WALLET} />);
    expect(screen.getByText('0x1234...5678')).toBeInTheDocument();
  });

  it('copies the whole address and says Copied!', async () => {
    const user = userEvent.setup();
    render(<WalletAddressLabel address={WALLET} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(WALLET);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });
});
