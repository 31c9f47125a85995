// First: before any chunk builds a zod schema (the server's CSP forbids eval).
import '../lib/zod-no-eval.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './providers.tsx';
import { AppRouter } from './router.tsx';
import { warmRoute } from './route-chunks.ts';
import { startEarlyRequests } from '../lib/early-requests.ts';

// Before React: the page's first API answers and its chunks all start now, side by side.
startEarlyRequests();
const routeCode = warmRoute(window.location.pathname);

/**
 * How long the first render waits for the opened page's code. Rendered before it is in, each lazy
 * level (data layout, shell, page) would show a loading bar and React then holds every reveal for
 * 300 ms after the last one; rendered after, the page appears in one go. On a slow network the
 * loading bar still comes after this long (until then index.html's "Loading PaperTrade…" shows).
 */
const FIRST_RENDER_WAIT_MS = 3_000;

function render() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // A transition lets React render the first screen in slices, yielding to the browser between
  // them, instead of in one long task that blocks input (Lighthouse's total blocking time).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    );
  });
}

void Promise.race([
  routeCode,
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]).then(render);
