import { STORAGE_KEYS } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';
import { meAnswer } from '../../../../test/console';

beforeAll(async () => {
  await initI18n('en');
});

// Sonner keeps toasts in module state and replays them to the next Toaster: each test starts clean.
afterEach(() => {
  toast.dismiss();
});

const NEWS = { success: true, news: [] };
const JOINED = '2026-01-01T00:00:00Z';
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;

async function logIn(code: string) {
  const input = await screen.findByLabelText('Secret code');
  expect(input).toHaveAttribute('type', 'password');
  if (code) await userEvent.type(input, code);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('admin gate on /admin/news', () => {
  it('asks for the secret code when no token is stored, without calling the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    renderApp('/admin/news');
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'News Management' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an empty code without calling the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    renderApp('/admin/news');
    await logIn('');
    expect(await screen.findByRole('alert')).toHaveTextContent('Secret code is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Invalid secret code' for a wrong code and stores nothing", async () => {
    const fetchMock = mockFetch((path) =>
      path === '/api/admin/login'
        ? jsonResponse(401, { success: false, error: 'Invalid secret code', code: 'INVALID_SECRET_CODE' })
        : jsonResponse(500, {}),
    );
    renderApp('/admin/news');
    await logIn('wrong-code');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid secret code');
    expect(bodyOf(fetchMock.mock.calls[0]![1]!)).toEqual({ secretCode: 'wrong-code' });
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
  });

  it('asks for the authenticator code when the operator uses one, and sends it with the secret', async () => {
    const sent: unknown[] = [];
    mockFetch((path, init) => {
      if (path === '/api/admin/login') {
        const body = bodyOf(init) as { totp?: string };
        sent.push(body);
        return body.totp === '123456'
          ? jsonResponse(200, { success: true, token: 'fresh', expiresAt: '2030-01-01T00:00:00Z' })
          : jsonResponse(401, {
              success: false,
              error: 'Enter the code from your authenticator app.',
              code: 'TOTP_REQUIRED',
            });
      }
      if (path === '/api/news') return jsonResponse(200, NEWS);
      if (path === '/api/admin/me') {
        return meAnswer({ id: 2, name: 'Max', role: 'manager', builtin: false, totpEnabled: true, createdAt: JOINED });
      }
      return jsonResponse(500, {});
    });
    renderApp('/admin/news');
    expect(screen.queryByLabelText('Authenticator code (or a recovery code)')).not.toBeInTheDocument();
    await logIn('op-0123456789ab-secret');
    const field = await screen.findByLabelText('Authenticator code (or a recovery code)');
    // The accepted secret leads on to the code: focus moves there, and the prompt is no error.
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription('Enter the code from your authenticator app.');
    expect(field).not.toBeInvalid();
    expect(screen.getByLabelText('Secret code')).not.toBeInvalid();
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'News Management' })).toBeInTheDocument();
    expect(sent).toEqual([
      { secretCode: 'op-0123456789ab-secret' },
      { secretCode: 'op-0123456789ab-secret', totp: '123456' },
    ]);
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('fresh');
  });

  it('shows a wrong authenticator code as an error of the code field', async () => {
    mockFetch((path, init) => {
      if (path !== '/api/admin/login') return jsonResponse(500, {});
      const body = bodyOf(init) as { totp?: string };
      return body.totp === undefined
        ? jsonResponse(401, {
            success: false,
            error: 'Enter the code from your authenticator app.',
            code: 'TOTP_REQUIRED',
          })
        : jsonResponse(401, { success: false, error: 'That code is not right.', code: 'TOTP_INVALID' });
    });
    renderApp('/admin/news');
    await logIn('op-0123456789ab-secret');
    const field = await screen.findByLabelText('Authenticator code (or a recovery code)');
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(field).toBeInvalid());
    expect(field).toHaveFocus();
    expect(field).not.toHaveAccessibleDescription('Enter the code from your authenticator app.');
  });

  it('takes an operator whose role has no news to a console screen of theirs', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'support-token');
    mockFetch((path) => {
      if (path === '/api/admin/verify') return jsonResponse(200, { success: true });
      if (path === '/api/news') return jsonResponse(200, NEWS);
      if (path === '/api/admin/me')
        return meAnswer({ id: 3, name: 'Sam', role: 'support', builtin: false, createdAt: JOINED });
      return jsonResponse(500, {});
    });
    const { router } = renderApp('/admin/news');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/news'));
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'News' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add news' })).not.toBeInTheDocument();
  });

  it('verifies a stored token on load and removes it when the server refuses it', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'stale-token');
    const fetchMock = mockFetch((path) =>
      path === '/api/admin/verify'
        ? jsonResponse(401, { success: false, error: 'Admin session is invalid', code: 'ADMIN_TOKEN_INVALID' })
        : jsonResponse(500, {}),
    );
    renderApp('/admin/news');
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull());
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/admin/verify']);
    expect(bodyOf(fetchMock.mock.calls[0]![1]!)).toEqual({ token: 'stale-token' });
  });

  it('opens News Management with a stored token the server accepts', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'good-token');
    mockFetch((path) => {
      if (path === '/api/admin/verify') return jsonResponse(200, { success: true });
      if (path === '/api/admin/me') return meAnswer();
      if (path === '/api/news') return jsonResponse(200, NEWS);
      return jsonResponse(500, {});
    });
    renderApp('/admin/news');
    expect(await screen.findByRole('heading', { name: 'News Management' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('good-token');
  });

  it('a valid code stores the token and opens News Management without asking to verify it', async () => {
    const fetchMock = mockFetch((path) => {
      if (path === '/api/admin/login')
        return jsonResponse(200, { success: true, token: 'fresh-token', expiresAt: '2030-01-01T00:00:00.000Z' });
      if (path === '/api/admin/me') return meAnswer();
      if (path === '/api/news') return jsonResponse(200, NEWS);
      return jsonResponse(500, {});
    });
    renderApp('/admin/news');
    await logIn('the-right-secret');
    expect(await screen.findByRole('heading', { name: 'News Management' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('fresh-token');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/admin/verify');
  });
});
