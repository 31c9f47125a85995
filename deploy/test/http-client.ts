/** Just enough of the API for the cluster test: JSON in and out, bearer token and wallet headers. */
export interface Session {
  token: string;
  walletAddress: string;
  userId: string;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export async function call<T = unknown>(
  base: string,
  route: string,
  options: { method?: string; body?: unknown; session?: Session } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.session) {
    headers.authorization = `Bearer ${options.session.token}`;
    headers.wallet = options.session.walletAddress;
  }
  const res = await fetch(`${base}${route}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

interface AuthAnswer {
  token: string;
  user: { id: string; walletAddress: string };
}

export const PASSWORD = 'correct horse battery';

let counter = 0;
/** A new user signed up through `base`; names are unique per run. */
export async function signUp(base: string, label: string): Promise<Session & { email: string }> {
  counter += 1;
  const tag = `${label}${counter}${Date.now().toString(36)}`.slice(0, 18);
  const email = `${tag}@cluster.test`;
  const res = await call<AuthAnswer>(base, '/auth/sign-up', {
    body: { email, password: PASSWORD, username: tag },
  });
  if (res.status !== 201)
    throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
  return {
    email,
    token: res.body.token,
    walletAddress: res.body.user.walletAddress,
    userId: res.body.user.id,
  };
}
