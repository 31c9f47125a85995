// First: before any chunk builds a zod schema (the server's CSP forbids eval).
import '../lib/zod-no-eval.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import { createAppRouter, routerReady } from './router.tsx';
import { startEarlyRequests } from '../lib/early-requests.ts';

// Before React: the page's first API answers start now, and the router starts loading the code of
// every route the address matches (data layout, shell, page), side by side.
startEarlyRequests();
const router = createAppRouter();

/**
 * How long the first render waits for the opened page's code. Rendered before it is in, the
 * router would show its loading bar first and the page a moment later; rendered after, the page
 * appears in one go. On a slow network the loading bar still comes after this long (until then
 * index.html's "Loading PaperTrade…" shows).
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
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

void Promise.race([
  routerReady(router),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]).then(render);
