import type { User } from '@papertrade/domain';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import {
  Badge,
  Box,
  Divider,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
  type MenuItemProps,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { APP_ICONS } from '../../components/app-icons.ts';
import { unreadCount } from '../../components/use-notification-actions.ts';
import { useIsMobile, useIsTabletDown } from '../../lib/breakpoints.ts';
import { useThemeMode } from '../../lib/theme-mode.tsx';
import { SwitchLook } from './switch-look.tsx';
import { ACCOUNT_MENU_WIDTH, BADGE_MAX } from '../../lib/ui-constants.ts';

interface AccountMenuProps {
  user: User;
  anchorEl: HTMLElement | null;
  onClose: () => void;
}

/**
 * Who is signed in, at the top of the menu but not one of its items: role none keeps it out of
 * the menu's item roles, and muiSkipListHighlight tells MenuList to give the first focus to the
 * first real item instead.
 */
function MenuHeader({ user, id }: { user: User; id: string }) {
  return (
    <Box component="li" role="none" id={id} sx={{ px: 2, py: 1 }}>
      <Typography fontWeight={700} noWrap>
        {user.username}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {user.email}
      </Typography>
    </Box>
  );
}
MenuHeader.muiSkipListHighlight = true;

function LinkItem({
  to,
  icon,
  label,
  onClose,
  extra,
  ...focusProps
}: {
  to: string;
  icon: ReactNode;
  label: string;
  onClose: () => void;
  extra?: ReactNode;
  // MenuList hands the first item autoFocus (and tabIndex): they must reach the MenuItem.
} & Pick<MenuItemProps, 'autoFocus' | 'tabIndex'>) {
  return (
    <MenuItem component={RouterLink} to={to} onClick={onClose} {...focusProps}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
      {extra}
    </MenuItem>
  );
}

/**
 * docs/pages.md, Shell: 300px wide; Leaderboard on mobile only (the sidebar has it elsewhere). Contests and
 * Learn at every size (the phone's five bottom tabs stay as they are); Notifications on phones and on desktop (which has no bell), where the avatar's badge
 * counts the unread ones.
 */
export function AccountMenu({ user, anchorEl, onClose }: AccountMenuProps) {
  const isMobile = useIsMobile();
  // Phones and desktop, which has no bell; tablets reach them through the bell.
  const isTabletDown = useIsTabletDown();
  const showNotifications = isMobile || !isTabletDown;
  const { mode, toggle } = useThemeMode();
  const unread = unreadCount(user);
  const headerId = useId();
  const {
    watchlist: WatchIcon,
    receipt: ReceiptIcon,
    trophy: TrophyIcon,
    learn: LearnIcon,
    notification: BellIcon,
    logout: LogoutIcon,
  } = APP_ICONS;
  return (
    <Menu
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: { sx: { width: ACCOUNT_MENU_WIDTH, maxWidth: 'calc(100vw - 16px)' } },
        list: { 'aria-label': 'Account menu', 'aria-describedby': headerId },
      }}
    >
      <MenuHeader user={user} id={headerId} />
      <Divider />
      <LinkItem
        to="/account"
        icon={<AccountCircleOutlined fontSize="small" />}
        label="Account"
        onClose={onClose}
      />
      <LinkItem
        to="/watchlist"
        icon={<WatchIcon fontSize="small" />}
        label="Watchlist"
        onClose={onClose}
      />
      <LinkItem
        to="/all-transactions"
        icon={<ReceiptIcon fontSize="small" />}
        label="Transactions"
        onClose={onClose}
      />
      <LinkItem
        to="/contests"
        icon={<GroupsOutlined fontSize="small" />}
        label="Contests"
        onClose={onClose}
      />
      <LinkItem to="/learn" icon={<LearnIcon fontSize="small" />} label="Learn" onClose={onClose} />
      {isMobile && (
        <LinkItem
          to="/leaderboard"
          icon={<TrophyIcon fontSize="small" />}
          label="Leaderboard"
          onClose={onClose}
        />
      )}
      {showNotifications && (
        <LinkItem
          to="/notifications"
          icon={<BellIcon fontSize="small" />}
          label="Notifications"
          onClose={onClose}
          extra={<Badge color="error" badgeContent={unread} max={BADGE_MAX} sx={{ mr: 1.5 }} />}
        />
      )}
      <Divider />
      <MenuItem role="menuitemcheckbox" aria-checked={mode === 'dark'} onClick={toggle}>
        <ListItemIcon>
          <DarkModeOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>Dark mode</ListItemText>
        <SwitchLook checked={mode === 'dark'} />
      </MenuItem>
      <Divider />
      <LinkItem
        to="/logout"
        icon={<LogoutIcon fontSize="small" />}
        label="Logout"
        onClose={onClose}
      />
    </Menu>
  );
}
