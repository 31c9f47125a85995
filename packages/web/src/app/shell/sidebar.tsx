import {
  Box,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from './logo.tsx';
import { isActivePath, SIDEBAR_ITEMS } from './nav-items.ts';
import { NAV_ITEM_WIDTH, SIDEBAR_WIDTH } from '../../lib/ui-constants.ts';

/** The brand plus the main links; used by the fixed sidebar and the tablet drawer. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <>
      <Box
        component={RouterLink}
        to="/home"
        onClick={onNavigate}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 3,
          py: 2.5,
          color: 'text.primary',
          textDecoration: 'none',
        }}
      >
        <Logo />
        <Typography component="span" variant="h6" fontWeight={700}>
          PaperTrade
        </Typography>
      </Box>
      <Box component="nav" aria-label="Main">
        <List sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
          {SIDEBAR_ITEMS.map(({ to, label, icon: Icon }) => {
            const active = isActivePath(pathname, to);
            return (
              <ListItem key={to} disablePadding sx={{ width: NAV_ITEM_WIDTH }}>
                <ListItemButton
                  component={RouterLink}
                  to={to}
                  onClick={onNavigate}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  sx={{ width: NAV_ITEM_WIDTH, flexGrow: 0, borderRadius: 2 }}
                >
                  <ListItemIcon sx={{ minWidth: 36, color: active ? 'primary.main' : 'inherit' }}>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText
                    primary={label}
                    slotProps={{ primary: { fontWeight: active ? 700 : 500 } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </>
  );
}

/** docs/pages.md, Shell: fixed on the left, 240px wide, hidden at tablet width (768px) and below. */
export function Sidebar() {
  return (
    <Drawer
      variant="permanent"
      sx={{
        width: SIDEBAR_WIDTH,
        flexShrink: 0,
        display: { xs: 'none', md: 'block' },
        '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' },
      }}
    >
      <SidebarContent />
    </Drawer>
  );
}
