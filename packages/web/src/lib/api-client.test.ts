import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api.ts';
import { api, ApiError } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with the Wallet header and the session cookie', async () => {
    const { calls, fetchMock } = mockApi(() => ({ body: { ok: true } }));
    await api('/update-user', { method: 'PUT', body: { key: 'settings' }, wallet: '0xabc' });
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { key: 'settings' } });
    expect(calls[0]?.headers).toMatchObject({
      Wallet: '0xabc',
      'Content-Type': 'application/json',
    });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('turns an error body into an ApiError with message, code, status and field', async () => {
    mockApi(() => ({
      status: 409,
      body: { error: 'That e-mail is taken', code: 'EMAIL_TAKEN', field: 'email' },
    }));
    const error = await api('/auth/sign-up', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'That e-mail is taken',
      code: 'EMAIL_TAKEN',
      status: 409,
      field: 'email',
    });
  });

  it('wraps a network failure as an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/all-assets')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('gives a readable message for a failure without an error body', async () => {
    mockApi(() => ({ status: 502 }));
    await expect(api('/all-assets')).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });
});
