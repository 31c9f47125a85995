import { WatchlistAnswer, type User } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { sessionQueryKey } from './get-session.ts';

export async function updateWatchlist(walletAddress: string, watchlist: string[]) {
  return api('/update-watchlist', {
    method: 'PUT',
    body: { walletAddress, watchlist },
    wallet: walletAddress,
    schema: WatchlistAnswer,
  });
}

export function useUpdateWatchlist(walletAddress: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watchlist: string[]) => updateWatchlist(walletAddress, watchlist),
    onSuccess: ({ watchlist }) =>
      queryClient.setQueryData<User | null>(sessionQueryKey, (user) =>
        user ? { ...user, watchlist } : user,
      ),
  });
}

/** docs/product.md, Watchlist: toggling a symbol adds it or removes it. */
export function toggleSymbol(watchlist: readonly string[], symbol: string): string[] {
  return watchlist.includes(symbol)
    ? watchlist.filter((s) => s !== symbol)
    : [...watchlist, symbol];
}
