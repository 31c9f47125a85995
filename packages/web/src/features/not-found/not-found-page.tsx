import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/page-title.tsx';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  return (
    <Stack spacing={2} alignItems="center" sx={{ textAlign: 'center', mt: 8 }}>
      <Typography component="h1" variant="h4" fontWeight={700}>
        Page not found
      </Typography>
      <Typography color="text.secondary">There is no page at {pathname}.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the start page
      </Button>
    </Stack>
  );
}
