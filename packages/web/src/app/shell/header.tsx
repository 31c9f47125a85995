import type { User } from '@papertrade/domain';
import {
  AppBar,
  Avatar,
  Badge,
  Box,
  IconButton,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useMatches } from 'react-router';
import { APP_ICONS } from '../../components/app-icons.ts';
import { unreadCount } from '../../components/use-notification-actions.ts';
import { useIsMobile, useIsTabletDown } from '../../lib/breakpoints.ts';
import {
  DEFAULT_PAGE_TITLE,
  useDocumentTitle,
  usePageTitleOverride,
  type RouteHandle,
} from '../../lib/page-title.tsx';
import { AccountMenu } from './account-menu.tsx';
import { HeaderBalance } from './header-balance.tsx';
import { ConnectionIndicator } from '../../components/connection-indicator.tsx';
import { AssetSearch } from './asset-search.tsx';
import { NotificationMenu } from './notification-menu.tsx';
import { PortfolioSwitcher } from './portfolio-switcher.tsx';
import { QuickTradeButton } from './quick-trade-button.tsx';
import { TabletNav } from './tablet-nav.tsx';
import { BADGE_MAX } from '../../lib/ui-constants.ts';

const BellIcon = APP_ICONS.notification;

function usePageTitleText(): string {
  const override = usePageTitleOverride();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  return override ?? handle?.title ?? DEFAULT_PAGE_TITLE;
}

export function Header({ user }: { user: User }) {
  const isMobile = useIsMobile();
  const isTabletDown = useIsTabletDown();
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  const [bellAnchor, setBellAnchor] = useState<HTMLElement | null>(null);
  const title = usePageTitleText();
  useDocumentTitle(title);
  const unread = unreadCount(user);
  // The count is on the avatar on phones (docs/pages.md, Shell); desktop has no bell, so it goes there too.
  const avatarCount = isMobile || !isTabletDown ? unread : 0;
  // A contest's name on a phone gets the line under the title: side by side both were cut.
  const contestOnPhone = isMobile && user.portfolio?.kind === 'CONTEST';
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        {isTabletDown && !isMobile && <TabletNav />}
        {/* On a phone the scrolled-in balance goes under the title, not beside it, where it left
            the title three letters ("Acc…"); in a contest portfolio the switcher shares that line,
            so neither the title nor the contest's name is cut. */}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography component="h1" variant="h6" noWrap sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {title}
          </Typography>
          {(contestOnPhone || isMobile) && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              {contestOnPhone && <PortfolioSwitcher user={user} underTitle />}
              {isMobile && <HeaderBalance user={user} />}
            </Box>
          )}
        </Box>
        {!contestOnPhone && <PortfolioSwitcher user={user} />}
        <ConnectionIndicator />
        <AssetSearch />
        <QuickTradeButton />
        {isTabletDown && (
          <Tooltip title="Notifications">
            <IconButton
              aria-label={`Notifications, ${unread} unread`}
              onClick={(e) => setBellAnchor(e.currentTarget)}
            >
              <Badge color="error" badgeContent={unread} max={BADGE_MAX}>
                <BellIcon />
              </Badge>
            </IconButton>
          </Tooltip>
        )}
        <Box>
          <IconButton
            aria-label="Account menu"
            aria-description={avatarCount > 0 ? `${avatarCount} unread notifications` : undefined}
            aria-haspopup="menu"
            onClick={(e) => setAccountAnchor(e.currentTarget)}
            sx={{ p: 0.5 }}
          >
            <Badge color="error" overlap="circular" badgeContent={avatarCount} max={BADGE_MAX}>
              <Avatar
                src={user.avatar ?? undefined}
                alt={user.username}
                sx={{ width: 36, height: 36, bgcolor: 'primary.main' }}
              >
                {user.username.charAt(0).toUpperCase()}
              </Avatar>
            </Badge>
          </IconButton>
        </Box>
      </Toolbar>
      <AccountMenu user={user} anchorEl={accountAnchor} onClose={() => setAccountAnchor(null)} />
      {bellAnchor && (
        <NotificationMenu user={user} anchorEl={bellAnchor} onClose={() => setBellAnchor(null)} />
      )}
    </AppBar>
  );
}
