import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { RequireGuest, RequireUser, SessionSwitch } from './guards.tsx';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  {
    element: <RequireUser />,
    children: [
      { path: '/home', element: <p>home page</p> },
      { path: '/join/:code', element: <p>join page</p> },
      { path: '/logout', element: <p>bye</p> },
    ],
  },
  {
    element: <RequireGuest />,
    children: [
      { path: '/login', element: <p>login page</p> },
      { path: '/sign-up', element: <p>sign-up page</p> },
    ],
  },
  {
    path: '/user',
    element: <SessionSwitch signedIn={<p>in the shell</p>} visitor={<p>plain layout</p>} />,
  },
];

const signedIn = () =>
  mockApi((r) => (r.path === '/auth/session' ? { body: { user: makeUser() } } : undefined));
const visitor = () =>
  mockApi((r) =>
    r.path === '/auth/session'
      ? { status: 401, body: { error: 'Not signed in', code: 'UNAUTHORIZED' } }
      : undefined,
  );

describe('route guards', () => {
  it('render nothing until the session is known', () => {
    mockApi(() => new Promise(() => undefined));
    const { container } = renderRoutes(routes, '/home');
    expect(container).toBeEmptyDOMElement();
  });

  it('send a visitor on a signed-in route to /login', async () => {
    visitor();
    const { router } = renderRoutes(routes, '/home');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fhome');
  });

  it('let a signed-in user through to a signed-in route', async () => {
    signedIn();
    renderRoutes(routes, '/home');
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('send a signed-in user away from a logged-out-only route to /home', async () => {
    signedIn();
    const { router } = renderRoutes(routes, '/login');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('let a visitor see a logged-out-only route', async () => {
    visitor();
    renderRoutes(routes, '/login');
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('bring the user back to the page they wanted after logging in', async () => {
    let user: ReturnType<typeof makeUser> | null = null;
    mockApi((r) =>
      r.path === '/auth/session'
        ? user
          ? { body: { user } }
          : { status: 401, body: { error: 'x', code: 'UNAUTHORIZED' } }
        : undefined,
    );
    const { router, queryClient } = renderRoutes(routes, '/home');
    await screen.findByText('login page');
    user = makeUser();
    queryClient.setQueryData(['session'], user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('bring a visitor with an invitation back to it after signing up', async () => {
    let user: ReturnType<typeof makeUser> | null = null;
    mockApi((r) =>
      r.path === '/auth/session'
        ? user
          ? { body: { user } }
          : { status: 401, body: { error: 'x', code: 'UNAUTHORIZED' } }
        : undefined,
    );
    const { router, queryClient } = renderRoutes(routes, '/join/SPRING1');
    await screen.findByText('login page');
    expect(router.state.location.search).toBe('?next=%2Fjoin%2FSPRING1');
    // "Create an account" keeps `next` (login-page.tsx); sign-up sets the session as login does.
    await act(() => router.navigate('/sign-up?next=%2Fjoin%2FSPRING1'));
    await screen.findByText('sign-up page');
    user = makeUser();
    await act(async () => {
      queryClient.setQueryData(['session'], user);
    });
    expect(await screen.findByText('join page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/join/SPRING1');
  });

  it('send a signed-in user to /home when `next` points at another site', async () => {
    signedIn();
    const { router } = renderRoutes(routes, '/login?next=%2F%2Fevil.test%2Fjoin%2FX');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('say what went wrong when the session cannot be checked', async () => {
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    renderRoutes(routes, '/home');
    expect(await screen.findByText(/Cannot reach the server/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('show the shell to a signed-in user and the plain layout to a visitor on open pages', async () => {
    signedIn();
    renderRoutes(routes, '/user');
    expect(await screen.findByText('in the shell')).toBeInTheDocument();
  });

  it('show the plain layout to a visitor on open pages', async () => {
    visitor();
    renderRoutes(routes, '/user');
    expect(await screen.findByText('plain layout')).toBeInTheDocument();
  });
});
