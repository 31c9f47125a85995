import { formatUsd, type User } from '@papertrade/domain';
import { Typography } from '@mui/material';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import { portfolioTotals } from '../../lib/portfolio.ts';
import { useScrolledPast } from './use-scrolled-past.ts';
import { HEADER_BALANCE_SCROLL_THRESHOLD } from '../../lib/ui-constants.ts';

/** docs/pages.md, Shell: on mobile, once the page is scrolled 100px or more, the balance with 2 decimals. */
export function HeaderBalance({ user }: { user: User }) {
  const scrolled = useScrolledPast(HEADER_BALANCE_SCROLL_THRESHOLD);
  const { data: assets } = useAllAssets();
  if (!scrolled || !assets) return null;
  const { total } = portfolioTotals(user, assets);
  return (
    <Typography
      variant="caption"
      component="p"
      aria-label={`Total balance ${formatUsd(total)}`}
      sx={{ display: 'block', fontWeight: 700, whiteSpace: 'nowrap', lineHeight: 1.3 }}
    >
      {formatUsd(total)}
    </Typography>
  );
}
