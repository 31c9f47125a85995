import type { Contest, PortfolioSummary, User } from '@papertrade/domain';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/api/get-session.ts';
import { useActiveContest } from '../../contests/api/get-contest.ts';
import { portfoliosQueryOptions } from '../../contests/api/get-portfolios.ts';

/**
 * The name of the portfolio an order goes to: "Main portfolio", or the contest's or class's name
 * (from the contest, else the portfolio list, which the header has usually read already).
 */
export function tradingInName(
  user: Pick<User, 'walletAddress' | 'portfolio'>,
  contest: Pick<Contest, 'name'> | undefined,
  portfolios: readonly PortfolioSummary[] | undefined,
): string {
  if (user.portfolio?.kind !== 'CONTEST') return 'Main portfolio';
  const wallet = user.walletAddress.toLowerCase();
  return (
    contest?.name ??
    portfolios?.find((p) => p.walletAddress.toLowerCase() === wallet)?.name ??
    'your contest portfolio'
  );
}

/**
 * "Trading in Period 3 Crypto" / "Trading in Main portfolio" wherever an order is placed or
 * changed: the header's switcher alone was easy to miss, and an order sent to the wrong portfolio
 * never counts in the class.
 */
export function TradingIn() {
  const { data: user } = useSession();
  const contest = useActiveContest();
  const inContest = user?.portfolio?.kind === 'CONTEST';
  // The main portfolio needs no list; a contest's name usually comes with its rules.
  const { data: portfolios } = useQuery({
    ...portfoliosQueryOptions(user?.walletAddress ?? ''),
    enabled: inContest,
  });
  if (!user) return null;
  const Icon = inContest ? EmojiEvents : AccountBalanceWalletOutlined;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Icon fontSize="small" color={inContest ? 'secondary' : 'action'} aria-hidden />
      <Typography
        variant="body2"
        fontWeight={inContest ? 600 : 400}
        sx={{ overflowWrap: 'anywhere' }}
      >
        Trading in {tradingInName(user, contest, portfolios)}
      </Typography>
    </Stack>
  );
}
