import type { PublicProfile } from '@papertrade/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WALLET, makeUser } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderPage } from '../../test/render.tsx';
import PreviewPage from './preview-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const profile: PublicProfile = {
  walletAddress: WALLET,
  username: 'alice',
  displayName: 'Alice',
  avatar: null,
  accountType: 'PERSONAL',
  totalBalance: 101_250,
  returnPercentage: 1.25,
  followers: 250,
  following: 3,
  createdAt: 1_700_000_000_000,
  followedByMe: false,
};

describe('profile preview', () => {
  it('shows your own public profile with the exact follower counts from one call', async () => {
    const api = mockApi((r) => {
      if (r.path === '/auth/session') return { body: { user: makeUser() } };
      if (r.path === `/users/${WALLET}/profile`) return { body: profile };
      return undefined;
    });
    renderPage(<PreviewPage />);
    const followers = await screen.findByText('Followers');
    // More than one page of a follower list: the count comes from the profile, not a list.
    expect(followers.parentElement).toHaveTextContent('250');
    expect(screen.getByText('Following').parentElement).toHaveTextContent('3');
    expect(screen.getByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    expect(api.calls.map((c) => c.path).filter((p) => p.startsWith('/users/'))).toEqual([
      `/users/${WALLET}/profile`,
    ]);
  });

  it("with a contest portfolio active, shows the main portfolio's profile, the one others see", async () => {
    const contestWallet = '0xc0ffee0000000000000000000000000000000001';
    const api = mockApi((r) => {
      if (r.path === '/auth/session') {
        return {
          body: {
            user: makeUser({
              walletAddress: contestWallet,
              portfolio: { kind: 'CONTEST', contestId: 'c1' },
            }),
          },
        };
      }
      if (r.path === '/portfolios') {
        return {
          body: [
            { walletAddress: WALLET, kind: 'MAIN', name: 'Main' },
            { walletAddress: contestWallet, kind: 'CONTEST', contestId: 'c1', name: 'Spring Cup' },
          ],
        };
      }
      if (r.path === `/users/${WALLET}/profile`) return { body: profile };
      return undefined;
    });
    renderPage(<PreviewPage />);
    expect(await screen.findByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    expect(api.calls.map((c) => c.path).filter((p) => p.startsWith('/users/'))).toEqual([
      `/users/${WALLET}/profile`,
    ]);
  });
});
