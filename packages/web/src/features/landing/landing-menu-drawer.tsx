import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, List, ListItemButton, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The small-screen menu of the landing top bar (docs/pages.md, Landing): Login and Sign up. */
export default function LandingMenuDrawer({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      {/* A touch screen has no Escape key: the drawer needs a visible way out. */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="nav" aria-label="Account" sx={{ width: 240 }}>
        <List>
          <ListItemButton component={RouterLink} to="/login" onClick={onClose}>
            <ListItemText primary="Login" />
          </ListItemButton>
          <ListItemButton component={RouterLink} to="/sign-up" onClick={onClose}>
            <ListItemText primary="Sign up" />
          </ListItemButton>
        </List>
      </Box>
    </Drawer>
  );
}
