import { keyframes } from '@emotion/react';
import { Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useNavigation, useRouteError } from 'react-router';

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

/** An error of the router's as an Error: a thrown response (a 404 from a loader) by its status. */
export function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (isRouteErrorResponse(error)) return new Error(`${error.status} ${error.statusText}`);
  return new Error(typeof error === 'string' ? error : 'An unexpected error occurred.');
}

/**
 * The route's error boundary (React Router's `ErrorBoundary` route property, on every route): a
 * screen whose code fails to load (its `lazy` route property rejects with ChunkLoadError) or that
 * fails to render says so in place, with Try again, so the user never gets a blank page. The router
 * clears it when the user goes to another page.
 */
export function RouteError() {
  const error = asError(useRouteError());
  useEffect(() => console.error(error), [error]);
  return <PageError error={error} />;
}

/** The message of a screen that failed to load or to render. */
export function PageError({ error }: { error: Error }) {
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

/** The loading bar while a navigation waits for the next page's code (its `lazy` route property). */
export function NavigationLoading() {
  return useNavigation().state === 'idle' ? null : <PageLoading />;
}
