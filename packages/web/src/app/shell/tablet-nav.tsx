import { Drawer, IconButton } from '@mui/material';
import { useState } from 'react';
import { APP_ICONS } from '../../components/app-icons.ts';
import { SidebarContent } from './sidebar.tsx';
import { SIDEBAR_WIDTH } from '../../lib/ui-constants.ts';

const MenuIcon = APP_ICONS.menu;

/**
 * Between mobile and desktop (481-768px) there is neither sidebar nor bottom bar, so the header
 * offers the sidebar's links in a drawer.
 */
export function TabletNav() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        aria-label="Open navigation"
        edge="start"
        onClick={() => setOpen(true)}
        sx={{ mr: 1 }}
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
      >
        <SidebarContent onNavigate={() => setOpen(false)} />
      </Drawer>
    </>
  );
}
