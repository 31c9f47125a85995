import { keyframes } from '@emotion/react';
import { Box, Button, Typography } from '@mui/material';
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}

/** Catches a screen that fails to load or render, so the user never gets a blank page. */
class PageErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && this.state.error)
      this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk =
      error.name === 'ChunkLoadError' ||
      /dynamically imported module|Loading chunk/i.test(error.message);
    // Plain Box and Typography rather than MUI's Alert: this file is in the entry chunk, which
    // the landing page's 150 KB budget pays for, and it must not need a chunk of its own.
    return (
      <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
        <Box
          role="alert"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            gap: 2,
            px: 2,
            py: 1.5,
            borderRadius: 1,
            border: 1,
            borderColor: 'error.main',
            borderLeftWidth: 6,
            bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ flex: '1 1 240px' }}>
            <Typography fontWeight={600} color="error" gutterBottom>
              {chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}
            </Typography>
            <Typography variant="body2">
              {chunk
                ? `${error.message} Check your connection, then retry.`
                : error.message || 'An unexpected error occurred.'}
            </Typography>
          </Box>
          <Button
            color="error"
            variant="outlined"
            size="small"
            onClick={() => window.location.reload()}
          >
            Retry
          </Button>
        </Box>
      </Box>
    );
  }
}

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** An indeterminate bar along the top, like MUI's LinearProgress at a fraction of its code. */
export function PageLoading() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading page"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 2000,
        height: 4,
        overflow: 'hidden',
        bgcolor: 'action.selected',
      }}
    >
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
        }}
      />
    </Box>
  );
}

/** Wraps lazy screens: a progress bar while the chunk loads, a retryable message if it fails. */
export function RouteSuspense({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
