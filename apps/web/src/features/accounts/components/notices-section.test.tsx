import { HOUR_MS, LINK_CODE_MS } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  await initI18n('en');
  await import('./account-page');
});

const URL_OF_BOT = 'https://t.me/shop_bot?start=AbCdEf0123456789_-xyzXYZ';

function settings(overrides: { telegram?: object; email?: object } = {}) {
  return {
    success: true,
    telegram: { available: true, linked: false, ...overrides.telegram },
    email: {
      available: true,
      address: null,
      confirmed: false,
      topics: ['expiry', 'renewal', 'payment', 'replacement'],
      ...overrides.email,
    },
  };
}

/** The account page's calls: the wallet, the notice settings, and whatever `extra` answers. */
function serve(
  current: () => object,
  extra: (path: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  return mockFetch((path, init) => {
    const answer = extra(path, init);
    if (answer) return answer;
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 3 });
    if (path === '/api/account/notices') return jsonResponse(200, current());
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
}

describe('notices on the account page', () => {
  it('Connect Telegram shows the one-time deep link to the bot', async () => {
    const fetchMock = serve(settings, (path, init) =>
      path === '/api/account/telegram' && init.method === 'POST'
        ? jsonResponse(200, { success: true, url: URL_OF_BOT })
        : undefined,
    );
    renderApp('/account', { apiKey: 'px_key' });
    expect(screen.queryByText(URL_OF_BOT)).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Telegram' }));
    expect(await screen.findByText(URL_OF_BOT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Telegram' })).toHaveAttribute('href', URL_OF_BOT);
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/account/telegram'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ language: 'en' });
  });

  it('the link says how long it works, which is as long as the server keeps its code', async () => {
    serve(settings, (path, init) =>
      path === '/api/account/telegram' && init.method === 'POST'
        ? jsonResponse(200, { success: true, url: URL_OF_BOT })
        : undefined,
    );
    renderApp('/account', { apiKey: 'px_key' });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Telegram' }));
    expect(await screen.findByText(/It works once, for one hour\./)).toBeInTheDocument();
    // Every language writes the hour out in words; a code kept longer or shorter needs new texts.
    expect(LINK_CODE_MS).toBe(HOUR_MS);
  });

  it('a linked chat shows Disconnect, which calls DELETE', async () => {
    let linked = true;
    const fetchMock = serve(
      () => settings({ telegram: { linked } }),
      (path, init) => {
        if (path !== '/api/account/telegram' || init.method !== 'DELETE') return undefined;
        linked = false;
        return jsonResponse(200, { success: true });
      },
    );
    renderApp('/account', { apiKey: 'px_key' });
    expect(await screen.findByText('Connected: notices come to your Telegram chat.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Telegram' }));
    expect(await screen.findByRole('button', { name: 'Connect Telegram' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('says so when the shop offers neither channel', async () => {
    serve(() => settings({ telegram: { available: false }, email: { available: false } }));
    renderApp('/account', { apiKey: 'px_key' });
    expect(await screen.findByText('This shop does not send Telegram notices.')).toBeInTheDocument();
    expect(screen.getByText('This shop does not send e-mail notices.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Telegram' })).not.toBeInTheDocument();
  });

  it('a confirmed address shows its topics; unticking one sends the others', async () => {
    const fetchMock = serve(
      () => settings({ email: { address: 'me@example.org', confirmed: true } }),
      (path) => (path === '/api/account/email/topics' ? jsonResponse(200, { success: true }) : undefined),
    );
    renderApp('/account', { apiKey: 'px_key' });
    expect(await screen.findByText('Notices go to me@example.org.')).toBeInTheDocument();
    const payment = screen.getByRole('checkbox', { name: 'A payment credited' });
    expect(payment).toBeChecked();
    fireEvent.click(payment);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/account/email/topics'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/account/email/topics'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ topics: ['expiry', 'renewal', 'replacement'] });
  });

  it('an address is sent for confirmation; an unconfirmed one says where the link went', async () => {
    let address: string | null = null;
    const fetchMock = serve(
      () => settings({ email: { address } }),
      (path, init) => {
        if (path !== '/api/account/email' || init.method !== 'POST') return undefined;
        address = (JSON.parse(String(init.body)) as { email: string }).email;
        return jsonResponse(200, { success: true });
      },
    );
    renderApp('/account', { apiKey: 'px_key' });
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: ' new@example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(/Open the link we sent to new@example.org/)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/account/email'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'new@example.org', language: 'en' });
  });
});
