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
warmRoute(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition lets React render the first screen in slices, yielding to the browser between them,
// instead of in one long task that blocks input (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
