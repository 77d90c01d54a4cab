import { STORAGE_KEYS } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registration', () => {
  it('shows the error with its cause, and the retry button registers again', async () => {
    localStorage.setItem(STORAGE_KEYS.referralCode, 'friend42');
    let registerCalls = 0;
    const fetchMock = mockFetch((path) => {
      if (path === '/api/register') {
        registerCalls += 1;
        return registerCalls === 1
          ? jsonResponse(500, { success: false, error: 'Server error', code: 'INTERNAL' })
          : jsonResponse(200, { success: true, apiKey: 'px_new_key' });
      }
      if (path === '/api/login') return jsonResponse(200, { success: true, referral_key: 'own-code' });
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 0 });
      return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    });
    const { router } = renderApp('/signup');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registration error: Server error');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByTestId('new-api-key')).toHaveTextContent('px_new_key');
    expect(screen.getByText(/Save this key now/)).toBeInTheDocument();
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(registerCalls).toBe(2);
    const registerBody = fetchMock.mock.calls.find(([url]) => String(url) === '/api/register')?.[1]?.body;
    expect(JSON.parse(String(registerBody))).toEqual({ referralCode: 'friend42' });
    // Auto-login: empty body, the new key in the header.
    const loginInit = fetchMock.mock.calls.find(([url]) => String(url) === '/api/login')?.[1];
    expect(loginInit?.body).toBeUndefined();
    expect(new Headers(loginInit?.headers).get('x-api-key')).toBe('px_new_key');
    expect(localStorage.getItem(STORAGE_KEYS.apiKey)).toBe('px_new_key');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.referralCode)).toBe('own-code'));

    await userEvent.click(screen.getByRole('link', { name: 'Add funds to your wallet' }));
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('copying the new key says "API key copied to clipboard!"', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mockFetch((path) => {
      if (path === '/api/register') return jsonResponse(200, { success: true, apiKey: 'px_copied' });
      if (path === '/api/login') return jsonResponse(200, { success: true, referral_key: 'own-code' });
      return jsonResponse(200, { success: true, wallet: 0 });
    });
    renderApp('/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith('px_copied');
    expect(await screen.findByText('API key copied to clipboard!')).toBeInTheDocument();
  });

  it('keeps the new key on screen when auto-login fails', async () => {
    mockFetch((path) => {
      if (path === '/api/register') return jsonResponse(200, { success: true, apiKey: 'px_other' });
      if (path === '/api/login') return jsonResponse(500, { success: false, error: 'Server error', code: 'INTERNAL' });
      return jsonResponse(200, { success: true, wallet: 0 });
    });
    renderApp('/signup');
    expect(await screen.findByText('Auto-login failed')).toBeInTheDocument();
    expect(screen.getByTestId('new-api-key')).toHaveTextContent('px_other');
  });

  it('asks a signed-in person first, and keeps the account until they choose a new one', async () => {
    let registerCalls = 0;
    mockFetch((path) => {
      if (path === '/api/register') {
        registerCalls += 1;
        return jsonResponse(200, { success: true, apiKey: 'px_second' });
      }
      if (path === '/api/login') return jsonResponse(200, { success: true, referral_key: 'second-code' });
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 19.08 });
      return jsonResponse(200, { success: true, proxies: [] });
    });
    const { router } = renderApp('/signup', { apiKey: 'px_funded' });

    expect(await screen.findByText(/already signed in/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the catalogue' }));
    expect(router.state.location.pathname).toBe('/proxy');
    expect(registerCalls).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.apiKey)).toBe('px_funded');

    // Coming back and choosing a new account registers once and switches to it.
    await router.navigate('/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Create a new account' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent('px_second');
    expect(registerCalls).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.apiKey)).toBe('px_second');
  });
});
