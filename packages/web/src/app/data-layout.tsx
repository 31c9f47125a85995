/**
 * Everything behind the landing page, in one lazily loaded chunk: server state (TanStack Query),
 * the live socket, the header title, the session guards and the plain layout. The landing page is
 * public and needs none of it, so the entry chunk stays small (a 150 KB gzipped budget: docs/performance.md).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { PageTitleProvider } from '../lib/page-title.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { LiveProvider } from './live-provider.tsx';

export { RequireGuest, RequireUser, SessionSwitch } from './shell/guards.tsx';
export { PlainLayout } from './shell/plain-layout.tsx';

// One cache for the whole visit: leaving for the landing page and coming back keeps the session.
const queryClient = createQueryClient();

export default function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <PageTitleProvider>
        <LiveProvider>
          <Outlet />
        </LiveProvider>
      </PageTitleProvider>
    </QueryClientProvider>
  );
}
