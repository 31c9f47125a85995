import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import LoginPage from './login-page.tsx';
import SignUpPage from './sign-up-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/sign-up', element: <SignUpPage /> },
];

describe('the links between /login and /sign-up', () => {
  it('keep an invitation the visitor came with, and say it is kept', async () => {
    renderRoutes(routes, '/login?next=%2Fjoin%2FSPRING1');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/sign-up?next=%2Fjoin%2FSPRING1',
    );
    expect(screen.getByText(/you come back to it to join/)).toBeInTheDocument();
  });

  it('keep it from /sign-up back to /login', async () => {
    renderRoutes(routes, '/sign-up?next=%2Fjoin%2FSPRING1');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fjoin%2FSPRING1',
    );
  });

  it('drop a `next` that leads to another site', async () => {
    renderRoutes(routes, '/login?next=https%3A%2F%2Fevil.test');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
    expect(screen.queryByText(/you come back to it to join/)).not.toBeInTheDocument();
  });
});
