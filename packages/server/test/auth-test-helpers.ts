import type { User } from '@papertrade/domain';
import type { App } from '../src/app.ts';

let counter = 0;

export interface SignedUp {
  token: string;
  user: User;
  email: string;
  password: string;
  username: string;
  /** Authorization and Wallet headers for app.inject. */
  headers: Record<string, string>;
}

/** Signs a fresh person up through the real route; every call gets unique credentials. */
export async function signUpViaApi(
  app: App,
  overrides: Partial<{
    email: string;
    password: string;
    username: string;
    accountType: string;
  }> = {},
): Promise<SignedUp> {
  counter += 1;
  const username =
    overrides.username ?? `trader_${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const body = {
    email: `${username.toLowerCase()}@example.test`,
    password: 'correct horse battery',
    username,
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/auth/sign-up', payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json<{ token: string; user: User }>();
  return {
    token,
    user,
    email: body.email.toLowerCase(),
    password: body.password,
    username,
    headers: { authorization: `Bearer ${token}`, wallet: user.walletAddress },
  };
}

export function login(app: App, email: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    remoteAddress,
  });
}

export function sessionOf(app: App, token: string) {
  return app.inject({
    method: 'GET',
    url: '/auth/session',
    headers: { authorization: `Bearer ${token}` },
  });
}

/** The token of a mailed link. */
export function tokenOf(link: string | undefined): string {
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token in link ${String(link)}`);
  return token;
}
