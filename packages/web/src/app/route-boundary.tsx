import { keyframes } from '@emotion/react';
import { Box, Button, Typography } from '@mui/material';
import { Component, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

const RELOADED_AT_KEY = 'chunk-reload-at';
/** A reload that fails again within this time is not repeated by itself (a broken build, not a network). */
const RELOAD_GUARD_MS = 60_000;

/**
 * A screen's code failed to download. Browsers remember a failed module import until the page is
 * loaded again, so retrying means reloading: ask the server with growing pauses (1, 2, 4 ... 15 s)
 * whether it answers again, then reload by itself, once a minute at most.
 */
function useReloadWhenReachable(): boolean {
  const [willReload, setWillReload] = useState(() => {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    return Date.now() - last > RELOAD_GUARD_MS;
  });
  useEffect(() => {
    if (!willReload) return;
    let timer: ReturnType<typeof setTimeout>;
    let attempt = 0;
    const check = async () => {
      try {
        const res = await fetch('/health', { cache: 'no-store' });
        if (res.ok) {
          sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
          window.location.reload();
          return;
        }
      } catch {
        // Still unreachable.
      }
      attempt += 1;
      timer = setTimeout(() => void check(), Math.min(15_000, 1000 * 2 ** attempt));
    };
    timer = setTimeout(() => void check(), 1000);
    const online = () => void check();
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
      setWillReload(false);
    };
  }, [willReload]);
  return willReload;
}

function ChunkRetryNote() {
  const retrying = useReloadWhenReachable();
  return retrying ? (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
      Trying again by itself as soon as the server answers.
    </Typography>
  ) : null;
}

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
                ? `${error.message} Check your connection, then try again.`
                : error.message || 'An unexpected error occurred.'}
            </Typography>
            {chunk && <ChunkRetryNote />}
          </Box>
          <Button
            color="error"
            variant="outlined"
            size="small"
            onClick={() => window.location.reload()}
          >
            Try again
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
