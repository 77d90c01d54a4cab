import { STORAGE_KEYS } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../test/render-app';

beforeAll(async () => {
  await initI18n('en');
});

function walletAnswer(answer: () => Response) {
  return mockFetch((path) => (path === '/api/wallet' ? answer() : jsonResponse(200, { success: true })));
}

describe('signed-in header', () => {
  it.each([
    [12.5, '$12.50'],
    [7, '$7.00'],
    [0.1 + 0.2, '$0.30'],
    [1234.567, '$1234.57'],
  ])('shows a wallet of %s as %s', async (wallet, shown) => {
    walletAnswer(() => jsonResponse(200, { success: true, wallet }));
    renderApp('/account', { apiKey: 'px_key' });
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent(shown));
  });

  it('shows $0.00 while the wallet is missing or invalid', async () => {
    walletAnswer(() => jsonResponse(200, { success: true, wallet: 'lots' }));
    const { queryClient } = renderApp('/account', { apiKey: 'px_key' });
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$0.00');
    await waitFor(() => expect(queryClient.getQueryState(['account', 'wallet'])?.status).toBe('error'));
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$0.00');
    expect(await screen.findByText('Invalid wallet response')).toBeInTheDocument();
  });

  it('highlights the active link', async () => {
    walletAnswer(() => jsonResponse(200, { success: true, wallet: 1 }));
    renderApp('/account', { apiKey: 'px_key' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const account = await waitFor(() => nav.querySelector('a[href="/account"]'));
    expect(account).toHaveAttribute('aria-current', 'page');
    expect(nav.querySelector('a[href="/proxy"]')).not.toHaveAttribute('aria-current');
  });

  it('logs out: clears the key and referral code, goes to /login and says so', async () => {
    localStorage.setItem(STORAGE_KEYS.referralCode, 'own');
    walletAnswer(() => jsonResponse(200, { success: true, wallet: 1 }));
    const { router } = renderApp('/account', { apiKey: 'px_key' });
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Successfully logged out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.apiKey)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.referralCode)).toBeNull();
  });

  it('ends the session on 401 "Session ended: signed in elsewhere"', async () => {
    walletAnswer(() =>
      jsonResponse(401, { success: false, error: 'Session ended: signed in elsewhere', code: 'SESSION_ENDED' }),
    );
    const { router } = renderApp('/account', { apiKey: 'px_key' });
    expect(await screen.findByText('Session ended: signed in elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.apiKey)).toBeNull();
  });
});
