import { Alert, AlertTitle, Box, Button, LinearProgress } from '@mui/material';
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
    return (
      <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              onClick={() => window.location.reload()}
            >
              Retry
            </Button>
          }
        >
          <AlertTitle>
            {chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}
          </AlertTitle>
          {chunk
            ? `${error.message} Check your connection, then retry.`
            : error.message || 'An unexpected error occurred.'}
        </Alert>
      </Box>
    );
  }
}

export function PageLoading() {
  return (
    <LinearProgress
      aria-label="Loading page"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }}
    />
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
