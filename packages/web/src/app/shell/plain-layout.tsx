import { Box, Container, Link, Typography } from '@mui/material';
import { Outlet, Link as RouterLink } from 'react-router';
import { Logo } from './logo.tsx';

/** The layout of screens outside the shell: auth forms, e-mail verification, not-found. */
export function PlainLayout() {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Box component="header" sx={{ px: 3, py: 2 }}>
        <Link
          component={RouterLink}
          to="/"
          underline="none"
          color="text.primary"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}
        >
          <Logo size={40} />
          <Typography component="span" variant="h6" fontWeight={700}>
            PaperTrade
          </Typography>
        </Link>
      </Box>
      <Container component="main" maxWidth="md" sx={{ flexGrow: 1, py: 3 }}>
        <Outlet />
      </Container>
    </Box>
  );
}
