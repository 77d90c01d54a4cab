import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, meAnswer, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

const LINK = 'https://t.me/proxyport_bot?start=abcdefghijklmnopqrstuvwxyz012345';

describe('my account: alerts in Telegram', () => {
  it('the link button asks for a one-time deep link, shows it, then shows the chat linked and can unlink it', async () => {
    let linked = false;
    const calls: string[] = [];
    consoleApi({
      'GET /api/admin/me': () => meAnswer({ id: 3, name: 'Mia', role: 'manager', builtin: false, totpEnabled: true }),
      'GET /api/admin/telegram': () => jsonResponse(200, { success: true, available: true, linked, getsAlerts: true }),
      'POST /api/admin/telegram': () => {
        calls.push('link');
        return jsonResponse(200, { success: true, url: LINK });
      },
      'DELETE /api/admin/telegram': () => {
        calls.push('unlink');
        linked = false;
        return jsonResponse(200, { success: true });
      },
    });
    renderApp('/admin/security');
    expect(await screen.findByRole('heading', { name: 'Alerts in Telegram' })).toBeInTheDocument();
    expect(screen.getByText(/the shop's alerts/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Link Telegram' }));
    const open = await screen.findByRole('link', { name: 'Open Telegram' });
    expect(open).toHaveAttribute('href', LINK);
    expect(calls).toEqual(['link']);

    // The user presses Start in Telegram; the page sees the chat linked on its next look.
    linked = true;
    expect(await screen.findByText('Your Telegram chat is linked.', {}, { timeout: 5_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unlink Telegram' }));
    await waitFor(() => expect(calls).toEqual(['link', 'unlink']));
    expect(await screen.findByRole('button', { name: 'Link Telegram' })).toBeInTheDocument();
  }, 10_000);

  it('shows the error when the server has no bot, and support is told alerts are not for its role', async () => {
    consoleApi({
      'GET /api/admin/me': () => meAnswer({ id: 4, name: 'Sam', role: 'support', builtin: false, totpEnabled: true }),
      'GET /api/admin/telegram': () =>
        jsonResponse(200, { success: true, available: true, linked: false, getsAlerts: false }),
      'POST /api/admin/telegram': () =>
        jsonResponse(502, { success: false, error: 'down', code: 'TELEGRAM_UNAVAILABLE' }),
    });
    renderApp('/admin/security');
    expect(await screen.findByText(/operator alerts go only to owners and managers/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Link Telegram' }));
    expect(await screen.findByText(/Telegram cannot be reached right now/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open Telegram' })).not.toBeInTheDocument();
  });
});
