import MenuIcon from '@mui/icons-material/Menu';
import { Box, Button, IconButton, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import logoUrl from '../../assets/logo.svg';

// The landing page has a 150 KB JavaScript budget (docs/performance.md). So: the menu icon alone rather
// than APP_ICONS (APP_ICONS.menu), a Box with the styles of MUI's AppBar (sticky, color inherit,
// no elevation) and Toolbar rather than their code, and the drawer (Modal, Portal, transitions,
// List) loaded when the menu is first pressed. Once mounted it stays, so closing still animates.
const loadDrawer = () => import('./landing-menu-drawer.tsx');
const LandingMenuDrawer = lazy(loadDrawer);

/** docs/pages.md, Landing: Login and Sign up; on small screens they move into a menu drawer. */
export function LandingTopBar() {
  const [open, setOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        display: 'flex',
        flexDirection: 'column',
        width: '100%',
        flexShrink: 0,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        sx={(theme) => ({
          ...theme.mixins.toolbar,
          display: 'flex',
          alignItems: 'center',
          position: 'relative',
          px: { xs: 2, sm: 3 },
          maxWidth: 1200,
          width: '100%',
          mx: 'auto',
        })}
      >
        <Box
          component={RouterLink}
          to="/"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            color: 'text.primary',
            textDecoration: 'none',
            flexGrow: 1,
          }}
        >
          <img src={logoUrl} alt="" width={40} height={40} />
          <Typography component="span" variant="h6" fontWeight={700}>
            PaperTrade
          </Typography>
        </Box>
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, gap: 1 }}>
          <Button component={RouterLink} to="/login" color="inherit">
            Login
          </Button>
          <Button component={RouterLink} to="/sign-up" variant="contained">
            Sign up
          </Button>
        </Box>
        <IconButton
          aria-label="Open menu"
          // Fetch from the press on; the click renders the drawer (and reports a failed load).
          onPointerDown={() => void loadDrawer().catch(() => undefined)}
          onClick={() => {
            setMenuUsed(true);
            setOpen(true);
          }}
          sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Box>
      {menuUsed && (
        <Suspense fallback={null}>
          <LandingMenuDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
