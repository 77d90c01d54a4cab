import { STORAGE_KEYS } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  await initI18n('en');
});

async function submit(key: string) {
  const input = await screen.findByLabelText('API key');
  expect(input).toHaveAttribute('type', 'password');
  if (key) await userEvent.type(input, key);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login', () => {
  it('refuses an empty or blank key without calling the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    renderApp('/login');
    await submit('   ');
    expect(await screen.findByRole('alert')).toHaveTextContent('API key is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [
      '404',
      () => jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }),
      'Login endpoint not found',
    ],
    [
      '401',
      () => jsonResponse(401, { success: false, error: 'Invalid API key', code: 'INVALID_API_KEY' }),
      'Invalid API key',
    ],
    [
      '400 with the server error',
      () => jsonResponse(400, { success: false, error: 'API key is required', code: 'API_KEY_REQUIRED' }),
      'API key is required',
    ],
    ['400 with an unknown code', () => jsonResponse(400, { success: false, error: 'Key too long' }), 'Key too long'],
    ['400 without a body', () => new Response('', { status: 400 }), 'Bad request'],
    ['500', () => jsonResponse(500, { success: false, error: 'boom', code: 'INTERNAL' }), 'Server error'],
    [
      '429 with the server error',
      () =>
        jsonResponse(429, {
          success: false,
          error: 'Too many login attempts. Please wait a minute and try again.',
          code: 'LOGIN_RATE_LIMITED',
        }),
      'Too many login attempts. Please wait a minute and try again.',
    ],
    ['503 without a body', () => new Response('', { status: 503 }), 'Login failed'],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Network error. Check server.',
    ],
  ])('maps %s to its fixed message', async (_, answer, message) => {
    mockFetch(answer);
    renderApp('/login');
    await submit('px_wrong');
    // The form loads the API client on its first submit, so the message comes a moment later.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(localStorage.getItem(STORAGE_KEYS.apiKey)).toBeNull();
  });

  it('sends the trimmed key, stores the session, goes to /proxy and says so', async () => {
    const fetchMock = mockFetch((path) => {
      if (path === '/api/login') return jsonResponse(200, { success: true, referral_key: 'ref123' });
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 3.5 });
      return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    });
    const { router } = renderApp('/login');
    await submit('  px_good  ');

    expect(await screen.findByText('Successfully logged in')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/proxy'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/login') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ key: 'px_good' });
    expect(localStorage.getItem(STORAGE_KEYS.apiKey)).toBe('px_good');
    expect(localStorage.getItem(STORAGE_KEYS.referralCode)).toBe('ref123');
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$3.50'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/wallet').length).toBeGreaterThan(0);
  });
});
