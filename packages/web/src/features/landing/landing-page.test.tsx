import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import LandingPage from './landing-page.tsx';

const renderLanding = () =>
  renderRoutes([
    { path: '/', element: <LandingPage /> },
    { path: '/login', element: <p>page /login</p> },
    { path: '/sign-up', element: <p>page /sign-up</p> },
  ]);

afterEach(() => vi.unstubAllGlobals());

describe('landing page', () => {
  it('offers Login and Sign up in the top bar without a server call', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderLanding();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/sign-up');
    expect(screen.getByRole('link', { name: 'Start trading for free' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads the menu drawer on the first press and leads to Sign up from it', async () => {
    const user = userEvent.setup();
    const { router } = renderLanding();
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await user.click(within(menu).getByRole('link', { name: 'Sign up' }));
    expect(router.state.location.pathname).toBe('/sign-up');
  });

  it('closes the menu drawer with its Close menu button', async () => {
    const user = userEvent.setup();
    renderLanding();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('navigation', { name: 'Account' });
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument(),
    );
  });
});
