import { Box, Link } from '@mui/material';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useUser } from '../../lib/api/get-session.ts';
import { Deferred } from '../../components/deferred.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { FillToast } from './fill-toast.tsx';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';

/** The signed-in layout (docs/pages.md, Shell): sidebar, header, page, mobile bottom bar. */
export default function AppShell() {
  const user = useUser();
  // The notifications there when the shell first rendered: old news for the toasts (fill-toast.tsx).
  const [known] = useState(() => new Set(user.notifications.map((n) => n.id)));
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Link>
      <Sidebar />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Header user={user} />
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{
            flexGrow: 1,
            p: { xs: 2, md: 3 },
            pb: { xs: 11, sm: 3 },
            outline: 'none',
            maxWidth: 1280,
            width: '100%',
            mx: 'auto',
          }}
        >
          <Outlet />
        </Box>
      </Box>
      {/* Fixed to the bottom or shown only on a fill: neither moves the page when it appears. */}
      <Deferred>
        <BottomNav />
        <FillToast user={user} known={known} />
      </Deferred>
    </Box>
  );
}
