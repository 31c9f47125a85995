/**
 * The one way the web app calls the API (same origin, session cookie). Every failure becomes an
 * ApiError carrying the server's message, so screens can show it as is (docs/api.md, General rules; docs/product.md, Errors on screen).
 */
import { ErrorBody } from '@papertrade/domain';
import type { ZodType } from 'zod';
import { ApiError } from './api-error.ts';
import { contestChosen } from './active-portfolio.ts';
import { contestErrorText, type TradingRules } from './contest-trading.ts';
import { takeEarlyResponse } from './early-requests.ts';

export { ApiError };

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the server. Check your internet connection and try again.';

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The signed-in user's wallet address, sent as the Wallet header (docs/api.md, Auth). */
  wallet?: string;
  /** Validates the answer; a mismatch is a contract break, reported as an ApiError. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorFrom(response: Response, body: unknown): ApiError {
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) {
    return new ApiError(parsed.data.error, parsed.data.code, response.status, parsed.data.field);
  }
  const message =
    response.status >= 500
      ? 'The server ran into a problem. Please try again in a moment.'
      : `The request failed (HTTP ${response.status}).`;
  return new ApiError(message, 'HTTP_ERROR', response.status);
}

export async function apiRequest<T = unknown>(
  path: string,
  { method = 'GET', body, wallet, schema, signal }: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (wallet) headers.Wallet = wallet;
  let response: Response;
  // A GET the page asked for before its code loaded (early-requests.ts) is answered by that request.
  // Not for a portfolio's data while a contest portfolio is shown: the preload asked for the main one.
  const early =
    method === 'GET' && body === undefined && !(wallet && contestChosen())
      ? takeEarlyResponse(path)
      : undefined;
  try {
    response = await (early ??
      fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR', 0);
  }
  const json = await readJson(response);
  if (!response.ok) throw errorFrom(response, json);
  if (!schema) return { data: json as T, status: response.status, headers: response.headers };
  // Zod 4 would compile a fast parser (`new Function`) for each object schema on its first parse;
  // most answers are parsed once or a few times, so compiling cost more than it saved (about
  // 90 ms of the first /home load on the development machine).
  const parsed = schema.safeParse(json, { jitless: true });
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(
      'The server sent an answer this app does not understand. Please reload the page.',
      'BAD_RESPONSE',
      response.status,
    );
  }
  return { data: parsed.data, status: response.status, headers: response.headers };
}

/** apiRequest for the common case where only the body matters. */
export async function api<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T> {
  return (await apiRequest(path, options)).data;
}

/**
 * The message to show for any thrown value. A contest's refusals read the same everywhere
 * (lib/contest-trading.ts); given the contest's rules they also say what is allowed.
 */
export function errorMessage(error: unknown, rules?: TradingRules | null): string {
  const contest = contestErrorText(error, rules);
  if (contest) return contest;
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
