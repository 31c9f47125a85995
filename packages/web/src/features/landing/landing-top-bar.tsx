import {
  AppBar,
  Box,
  Button,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Toolbar,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { APP_ICONS } from '../../components/app-icons.ts';

const MenuIcon = APP_ICONS.menu;

/** SPEC §2: Login and Sign up; on small screens they move into a menu drawer. */
export function LandingTopBar() {
  const [open, setOpen] = useState(false);
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ maxWidth: 1200, width: '100%', mx: 'auto' }}>
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
          onClick={() => setOpen(true)}
          sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box component="nav" aria-label="Account" sx={{ width: 240 }}>
          <List>
            <ListItemButton component={RouterLink} to="/login" onClick={() => setOpen(false)}>
              <ListItemText primary="Login" />
            </ListItemButton>
            <ListItemButton component={RouterLink} to="/sign-up" onClick={() => setOpen(false)}>
              <ListItemText primary="Sign up" />
            </ListItemButton>
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
