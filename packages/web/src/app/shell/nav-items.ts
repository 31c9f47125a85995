import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Groups from '@mui/icons-material/GroupsOutlined';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import ShowChart from '@mui/icons-material/ShowChart';
import type SvgIcon from '@mui/material/SvgIcon';
import { APP_ICONS } from '../../components/app-icons.ts';

export interface NavItem {
  to: string;
  label: string;
  icon: typeof SvgIcon;
}

/**
 * docs/pages.md, Shell: the sidebar's links, in this order, then Contests and Learn, so contests and
 * lessons stay findable after onboarding.
 */
export const SIDEBAR_ITEMS: NavItem[] = [
  { to: '/home', label: 'Home', icon: APP_ICONS.home },
  // The portfolio insight: beside Home, whose card links to it (phones reach it from there).
  { to: '/portfolio', label: 'Portfolio', icon: PieChartOutline },
  { to: '/assets', label: 'Assets', icon: ShowChart },
  { to: '/explore', label: 'Explore', icon: APP_ICONS.explore },
  { to: '/leaderboard', label: 'Leaderboard', icon: APP_ICONS.trophy },
  { to: '/contests', label: 'Contests', icon: Groups },
  { to: '/learn', label: 'Learn', icon: APP_ICONS.learn },
];

/** docs/pages.md, Shell: the mobile bottom navigation, exactly these 5 in this order. */
export const BOTTOM_NAV_ITEMS: NavItem[] = [
  { to: '/watchlist', label: 'Watchlist', icon: APP_ICONS.watchlist },
  { to: '/assets', label: 'Assets', icon: ShowChart },
  { to: '/home', label: 'Home', icon: APP_ICONS.home },
  { to: '/explore', label: 'Explore', icon: APP_ICONS.explore },
  { to: '/account', label: 'Account', icon: AccountCircleOutlined },
];

export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
