import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api.ts';
import { renderPage } from '../../test/render.tsx';
import { ApiKeysCard } from './api-keys-card.tsx';

const WALLET = '0x1111111111111111111111111111111111111111';
const CONTEST = '0x2222222222222222222222222222222222222222';
const portfolios = [
  { walletAddress: WALLET, kind: 'MAIN', name: 'Main portfolio' },
  {
    walletAddress: CONTEST,
    kind: 'CONTEST',
    contestId: 'c1',
    name: 'Spring cup',
    status: 'RUNNING',
  },
];
const bot = {
  id: 'k1',
  keyId: 'PKAAAAAAAAAAAAAAAAAA',
  name: 'My bot',
  scopes: ['read', 'trade'],
  walletAddress: CONTEST,
  createdAt: Date.UTC(2026, 10, 1),
  lastUsedAt: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('the API keys section', () => {
  it('lists each key with its scopes, portfolio and last use', async () => {
    mockApi(({ method, path }) => {
      if (method === 'GET' && path === '/api-keys') return { body: [bot] };
      if (path === '/portfolios') return { body: portfolios };
      return undefined;
    });
    renderPage(<ApiKeysCard wallet={WALLET} />);
    const table = await screen.findByRole('table', { name: 'API keys' });
    const row = (await within(table).findByText('My bot')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Read, Trade')).toBeInTheDocument();
    expect(await within(row).findByText('Spring cup')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('PKAAAAAAAAAAAAAAAAAA')).toBeInTheDocument();
  });

  it('says when there is no key yet', async () => {
    mockApi(({ path }) => (path === '/api-keys' ? { body: [] } : { body: portfolios }));
    renderPage(<ApiKeysCard wallet={WALLET} />);
    expect(await screen.findByText(/No API keys yet/)).toBeInTheDocument();
  });

  it('shows an error when the keys cannot be read', async () => {
    mockApi(({ path }) =>
      path === '/api-keys'
        ? { status: 500, body: { error: 'Something broke', code: 'INTERNAL' } }
        : { body: portfolios },
    );
    renderPage(<ApiKeysCard wallet={WALLET} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Something broke|went wrong/i);
  });

  it('creates a key for the chosen portfolio and shows its secret once', async () => {
    const api = mockApi(({ method, path }) => {
      if (method === 'POST' && path === '/api-keys')
        return { status: 201, body: { ...bot, lastUsedAt: undefined, secret: 'the-secret-123' } };
      if (path === '/api-keys') return { body: [] };
      if (path === '/portfolios') return { body: portfolios };
      return undefined;
    });
    renderPage(<ApiKeysCard wallet={WALLET} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    // Nothing is sent without a name.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByLabelText(/Key name/)).toHaveAccessibleDescription('Name the key');
    await userEvent.type(within(dialog).getByLabelText(/Key name/), 'My bot');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Trade/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Portfolio' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Spring cup' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByText('the-secret-123')).toBeInTheDocument();
    expect(within(shown).getByText(/shown only once/)).toBeInTheDocument();
    const sent = api.calls.filter((c) => c.method === 'POST' && c.path === '/api-keys');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ name: 'My bot', scopes: ['read', 'trade'] });
    expect(sent[0]?.headers).toMatchObject({ Wallet: CONTEST });
    await userEvent.click(within(shown).getByRole('button', { name: 'I saved the secret' }));
    await waitFor(() => expect(screen.queryByText('the-secret-123')).not.toBeInTheDocument());
  });

  it('revokes a key only after confirmation', async () => {
    let keys = [bot];
    const api = mockApi(({ method, path }) => {
      if (method === 'DELETE' && path === '/api-keys/k1') {
        keys = [];
        return { status: 204 };
      }
      if (path === '/api-keys') return { body: keys };
      if (path === '/portfolios') return { body: portfolios };
      return undefined;
    });
    renderPage(<ApiKeysCard wallet={WALLET} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke key My bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “My bot”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke key My bot' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke “My bot”?' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    expect(await screen.findByText(/No API keys yet/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
