import { IconButton, Tooltip } from '@mui/material';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { useSession } from '../lib/api/get-session.ts';
import { toggleSymbol, useUpdateWatchlist } from '../lib/api/update-watchlist.ts';

/**
 * The one watch/unwatch toggle (docs/product.md, Watchlist: toggling adds or removes the symbol), shown wherever an
 * asset is. Renders nothing for visitors. Its name says what a press does; aria-pressed the state.
 */
export function WatchStar({
  symbol,
  size = 'small',
}: {
  symbol: string;
  size?: 'small' | 'medium';
}) {
  const { data: user } = useSession();
  const update = useUpdateWatchlist(user?.walletAddress ?? '');
  if (!user) return null;
  const watched = user.watchlist.includes(symbol);
  const label = watched ? `Remove ${symbol} from watchlist` : `Add ${symbol} to watchlist`;
  return (
    <Tooltip title={update.error ? update.error.message : label}>
      <IconButton
        size={size}
        aria-label={label}
        aria-pressed={watched}
        disabled={update.isPending}
        onClick={(event) => {
          event.stopPropagation();
          update.mutate(toggleSymbol(user.watchlist, symbol));
        }}
        sx={{ color: watched ? 'warning.main' : 'text.secondary' }}
      >
        {watched ? <Star fontSize="inherit" /> : <StarBorder fontSize="inherit" />}
      </IconButton>
    </Tooltip>
  );
}
