import { User } from '@papertrade/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { setActiveWallet } from '../../../lib/active-portfolio.ts';
import { api } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/api/get-session.ts';
import { portfolioScopedKeys } from '../../../lib/query-keys.ts';
import { portfoliosQueryKey } from './get-portfolios.ts';

/** Shows `user` (a portfolio's record) everywhere and remembers the choice for this tab. */
export function showPortfolio(queryClient: QueryClient, user: User): void {
  setActiveWallet(user.id, user.portfolio?.kind === 'CONTEST' ? user.walletAddress : null);
  for (const queryKey of portfolioScopedKeys) queryClient.removeQueries({ queryKey });
  setSessionUser(queryClient, user);
  // The switcher trusts only a list read after this: a new portfolio (a join) must be in it.
  void queryClient.invalidateQueries({ queryKey: portfoliosQueryKey });
}

/**
 * Switches the whole app to another of the user's portfolios: its record comes first
 * (POST /user-details with its wallet), then every screen changes at once, so no screen shows
 * one portfolio's money under another's name.
 */
export function useSwitchPortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (walletAddress: string) =>
      api('/user-details', {
        method: 'POST',
        body: { walletAddress },
        wallet: walletAddress,
        schema: User,
      }),
    onSuccess: (user) => showPortfolio(queryClient, user),
  });
}
