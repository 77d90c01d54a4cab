import { STORAGE_KEYS, TIMEOUTS_MS, WalletResponseSchema, walletEndpoint } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/render-app';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { onSessionEnded } from './session';

afterEach(() => {
  vi.useRealTimers();
});

describe('api client', () => {
  it('calls the same origin with the stored key and checks the answer against the contract', async () => {
    localStorage.setItem(STORAGE_KEYS.apiKey, 'px_stored');
    const fetchMock = mockFetch(() => jsonResponse(200, { success: true, wallet: 4.2 }));
    await expect(
      apiRequest(walletEndpoint.path, { schema: WalletResponseSchema, access: 'customer' }),
    ).resolves.toEqual({
      success: true,
      wallet: 4.2,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/wallet');
    expect(new Headers(init?.headers).get('x-api-key')).toBe('px_stored');
  });

  it('turns an answer the contract does not allow into an invalid-response error', async () => {
    mockFetch(() => jsonResponse(200, { success: true, wallet: 'many' }));
    await expect(apiRequest(walletEndpoint.path, { schema: WalletResponseSchema })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('reads the error envelope', async () => {
    mockFetch(() => jsonResponse(429, { success: false, error: 'Slow down', code: 'RATE_LIMITED' }));
    const error = await apiRequest(walletEndpoint.path, { schema: WalletResponseSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 429, serverMessage: 'Slow down', code: 'RATE_LIMITED' });
  });

  it('gives up after the default 10 s and reports no answer', async () => {
    vi.useFakeTimers();
    mockFetch(
      (_, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiRequest(walletEndpoint.path, { schema: WalletResponseSchema }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(TIMEOUTS_MS.default - 1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ kind: 'network', status: null });
  });

  it('ends the session without calling the server when a customer call has no key', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, {}));
    const reasons: string[] = [];
    const stop = onSessionEnded((reason) => reasons.push(reason));
    await expect(
      apiRequest(walletEndpoint.path, { schema: WalletResponseSchema, access: 'customer' }),
    ).rejects.toMatchObject({ kind: 'no-key' });
    stop();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(reasons).toEqual(['noKey']);
  });

  it('ends the session on a 401 of a customer call, naming a session ended elsewhere', async () => {
    localStorage.setItem(STORAGE_KEYS.apiKey, 'px_stored');
    localStorage.setItem(STORAGE_KEYS.referralCode, 'own');
    mockFetch(() =>
      jsonResponse(401, { success: false, error: 'Session ended: signed in elsewhere', code: 'SESSION_ENDED' }),
    );
    const reasons: string[] = [];
    const stop = onSessionEnded((reason) => reasons.push(reason));
    await expect(
      apiRequest(walletEndpoint.path, { schema: WalletResponseSchema, access: 'customer' }),
    ).rejects.toThrow();
    stop();
    expect(reasons).toEqual(['sessionEnded']);
    expect(localStorage.getItem(STORAGE_KEYS.apiKey)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.referralCode)).toBeNull();
  });
});
