import { Box, Drawer, List, ListItemButton, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The small-screen menu of the landing top bar (SPEC §2): Login and Sign up. */
export default function LandingMenuDrawer({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
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
