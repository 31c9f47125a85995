/** The product's icon names (docs/product.md, Constants) mapped to MUI icons: one place, so the shell and /icons agree. */
import type SvgIcon from '@mui/material/SvgIcon';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import ExploreOutlined from '@mui/icons-material/ExploreOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Logout from '@mui/icons-material/Logout';
import Menu from '@mui/icons-material/Menu';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Search from '@mui/icons-material/Search';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';

/** The icon names in use (docs/product.md, Constants; gallery at /icons). */
export const ICON_NAMES = [
  'trade',
  'home',
  'watchlist',
  'learn',
  'receipt',
  'settings',
  'logout',
  'notification',
  'trophy',
  'explore',
  'search',
  'menu',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

export const APP_ICONS: Record<IconName, typeof SvgIcon> = {
  trade: SwapHoriz,
  home: HomeOutlined,
  watchlist: VisibilityOutlined,
  learn: SchoolOutlined,
  receipt: ReceiptLongOutlined,
  settings: SettingsOutlined,
  logout: Logout,
  notification: NotificationsOutlined,
  trophy: EmojiEventsOutlined,
  explore: ExploreOutlined,
  search: Search,
  menu: Menu,
};
