import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { BOTTOM_NAV_ITEMS, isActivePath } from './nav-items.ts';

/** docs/pages.md, Shell: mobile only (480px and narrower), 5 items. */
export function BottomNav() {
  const { pathname } = useLocation();
  const current = BOTTOM_NAV_ITEMS.find((item) => isActivePath(pathname, item.to))?.to ?? false;
  return (
    <Paper
      component="nav"
      aria-label="Bottom navigation"
      elevation={8}
      sx={{
        display: { xs: 'block', sm: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation showLabels value={current}>
        {BOTTOM_NAV_ITEMS.map(({ to, label, icon: Icon }) => (
          <BottomNavigationAction
            key={to}
            component={RouterLink}
            to={to}
            value={to}
            label={label}
            icon={<Icon />}
            aria-current={current === to ? 'page' : undefined}
            sx={{ minWidth: 0, px: 0.5 }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
