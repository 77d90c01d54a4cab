import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, meAnswer, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('my account: the authenticator app', () => {
  it('shows a QR code and the key, turns the app on with a code and shows the recovery codes once', async () => {
    let enabled = false;
    const confirmed: unknown[] = [];
    consoleApi({
      'GET /api/admin/me': () =>
        meAnswer({ id: 7, name: 'Sam', role: 'support', builtin: false, totpEnabled: enabled }),
      'POST /api/admin/totp/enroll': () =>
        jsonResponse(200, {
          success: true,
          secret: SECRET,
          otpauth_url: `otpauth://totp/shop.example:Sam?secret=${SECRET}&issuer=shop.example`,
        }),
      'POST /api/admin/totp/confirm': (init) => {
        const body = JSON.parse(String(init.body)) as { code: string };
        confirmed.push(body);
        if (body.code !== '123456') {
          return jsonResponse(400, { success: false, error: 'wrong', code: 'TOTP_CODE_WRONG' });
        }
        enabled = true;
        return jsonResponse(200, { success: true, recoveryCodes: ['abcd-efgh-ijkm-npqr', 'stuv-wxyz-2345-6789'] });
      },
    });
    renderApp('/admin/security');
    expect(await screen.findByText('Signed in as Sam, role: Support.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(SECRET);

    await userEvent.type(screen.getByLabelText('Code from the app'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6 digits your app shows')).toBeInTheDocument();
    expect(confirmed).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Code from the app'));
    await userEvent.type(screen.getByLabelText('Code from the app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText('That code is not the one your authenticator app shows now. Try the next one.'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code from the app'));
    await userEvent.type(screen.getByLabelText('Code from the app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('abcd-efgh-ijkm-npqr');
    await waitFor(() => expect(confirmed).toHaveLength(2));
  });
});

describe('my account: my sessions', () => {
  it('lists my sessions and ends another one; this one cannot be ended here', async () => {
    let sessions = [
      {
        id: 12,
        createdAt: '2026-03-02T10:00:00Z',
        expiresAt: '2026-03-02T22:00:00Z',
        source: '127.0.0.1',
        userAgent: 'Laptop',
        secondFactor: true,
        current: true,
      },
      {
        id: 9,
        createdAt: '2026-03-01T10:00:00Z',
        expiresAt: '2026-03-01T22:00:00Z',
        source: '198.51.100.7',
        userAgent: 'PhoneBrowser/1.0',
        secondFactor: false,
        current: false,
      },
    ];
    const ended: string[] = [];
    consoleApi({
      'GET /api/admin/sessions': () => jsonResponse(200, { success: true, sessions }),
      'DELETE /api/admin/sessions/9': () => {
        ended.push('9');
        sessions = sessions.filter((s) => s.id !== 9);
        return jsonResponse(200, { success: true, id: 9 });
      },
    });
    renderApp('/admin/security');
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));
    const [current, phone] = screen.getAllByTestId('session-row') as [HTMLElement, HTMLElement];
    // On one line even where the phrase is long ("Esta sesión" broke in two at 375 px).
    expect(within(current).getByText('This session')).toHaveClass('whitespace-nowrap');
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();
    expect(within(phone).getByText('198.51.100.7')).toBeInTheDocument();
    expect(within(phone).getByText('PhoneBrowser/1.0')).toBeInTheDocument();
    await userEvent.click(within(phone).getByRole('button', { name: /^End the session from / }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(ended).toEqual(['9']);
  });
});
