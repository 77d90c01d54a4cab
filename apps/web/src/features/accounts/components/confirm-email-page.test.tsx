import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  await initI18n('en');
  await import('./confirm-email-page');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The confirm call answers `answer`; every call is recorded. */
function serve(answer: () => Response) {
  return mockFetch((path) =>
    path === '/api/account/email/confirm'
      ? answer()
      : jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }),
  );
}

const confirmCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/account/email/confirm'));

describe('the confirmation page of an e-mail link', () => {
  it('confirms nothing when opened; one press confirms, signed out, and the token leaves the address bar', async () => {
    const fetchMock = serve(() => jsonResponse(200, { success: true }));
    const { router } = renderApp('/email/confirm?token=tok-123');
    const press = await screen.findByRole('button', { name: 'Confirm address' });
    expect(screen.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(confirmCalls(fetchMock)).toHaveLength(0);
    fireEvent.click(press);
    expect(await screen.findByRole('heading', { name: 'E-mail address confirmed' })).toBeInTheDocument();
    const calls = confirmCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ token: 'tok-123' });
    expect(screen.queryByRole('link', { name: 'Go to your account' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('an old /account?email_token= link opens the page, signed in too', async () => {
    const fetchMock = serve(() => jsonResponse(200, { success: true }));
    const { router } = renderApp('/account?email_token=tok-old', { apiKey: 'px_key' });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm address' }));
    expect(await screen.findByRole('heading', { name: 'E-mail address confirmed' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/email/confirm');
    expect(JSON.parse(String(confirmCalls(fetchMock)[0]?.[1]?.body))).toEqual({ token: 'tok-old' });
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
  });

  it('speaks the language of the mail; a used or expired link says so', async () => {
    serve(() =>
      jsonResponse(404, {
        success: false,
        error: 'This confirmation link is invalid or has expired',
        code: 'EMAIL_TOKEN_INVALID',
      }),
    );
    renderApp('/email/confirm?token=tok-used&lang=ru');
    fireEvent.click(await screen.findByRole('button', { name: 'Подтвердить адрес' }));
    expect(await screen.findByRole('heading', { name: 'Эта ссылка больше не действует' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/Укажите адрес ещё раз/);
  });

  it('a link without its token says it does not work, and calls nothing', async () => {
    const fetchMock = serve(() => jsonResponse(200, { success: true }));
    renderApp('/email/confirm');
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(confirmCalls(fetchMock)).toHaveLength(0);
  });
});
