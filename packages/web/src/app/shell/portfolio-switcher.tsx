import type { PortfolioSummary, User } from '@papertrade/domain';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Check from '@mui/icons-material/Check';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Button,
  Divider,
  IconButton,
  Tooltip,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Snackbar,
  Alert,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../lib/api/get-session.ts';
import { usePortfolios } from '../../features/contests/api/get-portfolios.ts';
import { useSwitchPortfolio } from '../../features/contests/api/switch-portfolio.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useIsMobile } from '../../lib/breakpoints.ts';

const sameWallet = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** "Main portfolio", or "Contest: Spring Cup" for a contest or class portfolio. */
export function portfolioLabel(
  user: Pick<User, 'walletAddress' | 'portfolio'>,
  portfolios: readonly PortfolioSummary[] | undefined,
): string {
  if (user.portfolio?.kind !== 'CONTEST') return 'Main portfolio';
  const entry = portfolios?.find((p) => sameWallet(p.walletAddress, user.walletAddress));
  return entry ? `Contest: ${entry.name}` : 'Contest';
}

/**
 * Whether the shown portfolio is gone from the user's list (left, removed by the owner, or a
 * stale choice): then the app goes back to the main portfolio.
 */
export function activePortfolioGone(
  user: Pick<User, 'walletAddress' | 'portfolio'>,
  portfolios: readonly PortfolioSummary[] | undefined,
): boolean {
  if (!portfolios || user.portfolio?.kind !== 'CONTEST') return false;
  return !portfolios.some((p) => sameWallet(p.walletAddress, user.walletAddress));
}

/**
 * The header's portfolio switcher (docs/decisions/010-portfolios.md): which portfolio the whole app shows and trades,
 * in words and colour (a contest is the secondary colour with a trophy, never the plain look of
 * the main portfolio), and a menu to change it. Hidden for a user with only the main portfolio.
 * `underTitle`: the phone's header puts a contest's switcher on a line of its own under the page
 * title, so neither the title ("Bi…") nor the contest's name ("Period…") is cut beside the other.
 */
export function PortfolioSwitcher({ user, underTitle }: { user: User; underTitle?: boolean }) {
  const list = usePortfolios(user.walletAddress);
  const portfolios = list.data;
  const session = useSession();
  const switcher = useSwitchPortfolio();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isMobile = useIsMobile();
  // Only a list read after this portfolio was shown can say it is gone: right after a join the
  // cached list predates the new portfolio (and sent the app straight back to main).
  const fresh = !list.isFetching && list.dataUpdatedAt >= session.dataUpdatedAt;
  const gone = fresh && activePortfolioGone(user, portfolios);
  const main = portfolios?.find((p) => p.kind === 'MAIN');
  const { mutate, isPending } = switcher;
  useEffect(() => {
    if (gone && main && !isPending) mutate(main.walletAddress);
  }, [gone, main, isPending, mutate]);

  const inContest = user.portfolio?.kind === 'CONTEST';
  if (!inContest && (portfolios?.length ?? 0) < 2) return null;
  const label = portfolioLabel(user, portfolios);
  const choose = (wallet: string) => {
    setAnchor(null);
    if (!sameWallet(wallet, user.walletAddress)) switcher.mutate(wallet);
  };
  const open = (e: React.MouseEvent<HTMLElement>) => setAnchor(e.currentTarget);
  const menuProps = {
    'aria-label': `Portfolio: ${label}`,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor ? ('true' as const) : undefined,
    disabled: switcher.isPending,
    onClick: open,
  };
  return (
    <>
      {/* Phones: the main portfolio is an icon, so the page title keeps its room; a contest
          keeps its coloured chip, under the title (underTitle), since it must stay obvious. */}
      {underTitle ? (
        <Button
          size="small"
          variant="contained"
          color="secondary"
          {...menuProps}
          startIcon={<EmojiEvents sx={{ fontSize: 14 }} />}
          sx={{
            display: 'flex',
            width: 'fit-content',
            maxWidth: '100%',
            minWidth: 0,
            // 24px: the smallest touch target WCAG 2.2 allows, and it still fits the 56px bar.
            minHeight: 24,
            py: 0,
            px: 1,
            fontSize: '0.75rem',
            lineHeight: 1.5,
            borderRadius: 4,
            textTransform: 'none',
            '& .MuiButton-startIcon': { mr: 0.5 },
          }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {label.replace(/^Contest: /, '')}
          </span>
        </Button>
      ) : isMobile && !inContest ? (
        <Tooltip title="Portfolio: Main portfolio">
          <IconButton {...menuProps}>
            <AccountBalanceWalletOutlined />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          size="small"
          variant={inContest ? 'contained' : 'outlined'}
          color={inContest ? 'secondary' : 'inherit'}
          {...menuProps}
          startIcon={inContest ? <EmojiEvents fontSize="small" /> : undefined}
          endIcon={isMobile ? undefined : <ExpandMore fontSize="small" />}
          sx={{
            flexShrink: 1,
            minWidth: 0,
            maxWidth: { xs: 120, sm: 260 },
            borderRadius: 4,
            textTransform: 'none',
            borderColor: 'divider',
          }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {/* The chip says "Contest" already by its look on a phone: the name gets the room. */}
            {isMobile && inContest ? label.replace(/^Contest: /, '') : label}
          </span>
        </Button>
      )}
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Portfolios' } }}
      >
        {(portfolios ?? []).map((p) => {
          const active = sameWallet(p.walletAddress, user.walletAddress);
          return (
            <MenuItem
              key={p.walletAddress}
              role="menuitemradio"
              aria-checked={active}
              selected={active}
              onClick={() => choose(p.walletAddress)}
            >
              <ListItemIcon>{active ? <Check fontSize="small" /> : null}</ListItemIcon>
              <ListItemText
                primary={p.kind === 'MAIN' ? 'Main portfolio' : p.name}
                secondary={p.kind === 'MAIN' ? undefined : statusText(p.status)}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem component={RouterLink} to="/contests" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <EmojiEvents fontSize="small" />
          </ListItemIcon>
          <ListItemText>All contests</ListItemText>
        </MenuItem>
      </Menu>
      <Snackbar open={switcher.isError} autoHideDuration={6000} onClose={() => switcher.reset()}>
        <Alert severity="error" onClose={() => switcher.reset()}>
          {errorMessage(switcher.error)}
        </Alert>
      </Snackbar>
    </>
  );
}

function statusText(status: PortfolioSummary['status']): string | undefined {
  if (status === 'UPCOMING') return 'Not started yet';
  if (status === 'RUNNING') return 'Running';
  if (status === 'ENDED') return 'Ended';
  return undefined;
}
