import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { historyRecord } from '../../../../test/fixtures';
import { jsonResponse, mockFetch, openFromHistory, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  const i18n = await initI18n('en');
  await i18n.loadNamespaces('rentals');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const HOUR = 3_600_000;

function server(
  history: unknown[],
  extra: (path: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  return mockFetch((path, init) => {
    const answer = extra(path, init);
    if (answer) return answer;
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 20 });
    if (path === '/api/proxy/history') return jsonResponse(200, { success: true, history });
    if (path === '/api/payments/transactions') return jsonResponse(200, { success: true, transactions: [] });
    if (path === '/api/proxy/sumid') return jsonResponse(200, { success: true, sumid: 's' });
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
}

describe('history', () => {
  it('orders waiting_up, connected, ready, then the rest; time left only when connected, ticking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-01-01T00:00:00Z') });
    const end = (ms: number) => new Date(Date.now() + ms).toISOString();
    server([
      historyRecord(1, { status: 'expired', end_time: end(-HOUR) }),
      historyRecord(2, { status: 'ready', end_time: end(-60_000) }),
      historyRecord(3, { status: 'connected', end_time: end(26 * HOUR + 5 * 60_000) }),
      historyRecord(4, { status: 'waiting_up', end_time: end(24 * HOUR) }),
      historyRecord(5, { status: 'connected', end_time: end(65_000) }),
    ]);
    renderApp('/history', { apiKey: 'px_test' });
    const rows = await screen.findAllByTestId('history-row');
    // The id cell's first line is the id; exit IP, country and note follow as secondary text.
    expect(rows.map((row) => row.children[1]?.firstChild?.textContent)).toEqual(['4', '3', '5', '2', '1']);
    // The fake clock also moves with real time (shouldAdvanceTime): on a loaded machine seconds pass.
    const timeLeft = screen.getAllByTestId('time-left').map((cell) => cell.textContent);
    expect(timeLeft).toEqual(['—', '1d 2h', expect.stringMatching(/^1m [0-5]s$/), '—', '—']);
    const seconds = (text: string | null | undefined) => {
      const [, minutes = '0', rest = '0'] = /^(?:(\d+)m )?(\d+)s$/.exec(text ?? '') ?? [];
      return Number(minutes) * 60 + Number(rest);
    };
    const before = seconds(timeLeft[2]);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    const after = seconds(screen.getAllByTestId('time-left')[2]?.textContent);
    expect(before - after).toBeGreaterThanOrEqual(10);
    expect(before - after).toBeLessThanOrEqual(13);
    // Extend for connected and ready; refund only for connected.
    expect(screen.getByRole('button', { name: 'Extend proxy 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Extend proxy 4' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund proxy 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund proxy 2' })).not.toBeInTheDocument();
  });

  it('offers Refund only while a request can be granted: once per proxy, within 5 hours, unavailable within 2', async () => {
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const later = (ms: number) => new Date(Date.now() + ms).toISOString();
    server([
      // Found unavailable in time: refundable until 5 hours after the purchase.
      historyRecord(7, { purchased_at: ago(5 * HOUR + 60_000), refund_until: ago(60_000) }),
      historyRecord(8, { purchased_at: ago(4 * HOUR), refund_until: later(HOUR), proxy_state: 'failing' }),
      // Working past the 2-hour window: a request could only be refused.
      historyRecord(9, { purchased_at: ago(4 * HOUR) }),
      // Within 2 hours: the server's live check decides.
      historyRecord(10, { purchased_at: ago(HOUR) }),
      // The one request was made.
      historyRecord(11, { purchased_at: ago(HOUR), refund_requested: true }),
    ]);
    renderApp('/history', { apiKey: 'px_test' });
    await screen.findByRole('button', { name: 'Extend proxy 7' });
    const offered = [7, 8, 9, 10, 11].filter((id) => screen.queryByRole('button', { name: `Refund proxy ${id}` }));
    expect(offered).toEqual([8, 10]);
  });

  it('shows the gateway traffic of each rental', async () => {
    server([historyRecord(3, { bytes_up: 1536, bytes_down: 5 * 1024 * 1024 })]);
    renderApp('/history', { apiKey: 'px_test' });
    expect(await screen.findByText('↑ 1.5 kB · ↓ 5 MB')).toBeInTheDocument();
  });

  it('the empty state links to /proxy', async () => {
    server([]);
    renderApp('/history', { apiKey: 'px_test' });
    expect(await screen.findByRole('link', { name: 'Browse proxies' })).toHaveAttribute('href', '/proxy');
  });

  it('Copy copies the proxy string', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    server([historyRecord(3)]);
    renderApp('/history', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Proxy copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('gw.example:1080:u3:secret');
  });

  it('extend: shows the facts, sends hours, days and months, then the success message and wallet', async () => {
    let body: unknown;
    server([historyRecord(3, { country: 'DE', city: 'Berlin', ipqualityscore: 40 })], (path, init) => {
      if (path !== '/api/proxy/buy') return undefined;
      body = JSON.parse(String(init.body));
      return jsonResponse(200, { success: true, message: 'ok', wallet: 19.76 });
    });
    const dialog = await openFromHistory('Extend proxy 3', 'Extend proxy');
    expect(within(dialog).getByText('Germany')).toBeInTheDocument();
    expect(within(dialog).getByText('gw.example:1080:u3:secret')).toBeInTheDocument();
    // The purchase dialog's picker: a preset, then days plus hours typed.
    await userEvent.click(within(dialog).getByRole('button', { name: '7 days' }));
    // 7 d x $0.75 x (1 - 40/200) = $4.20
    expect(within(dialog).getByText('Price: $4.20')).toBeInTheDocument();
    const days = within(dialog).getByLabelText('Days');
    await userEvent.clear(days);
    await userEvent.type(days, '1');
    const hours = within(dialog).getByLabelText('Hours');
    await userEvent.clear(hours);
    await userEvent.type(hours, '2');
    // (1 d $0.75 + 2 h $0.30) x 0.8 = $0.84
    expect(within(dialog).getByText('Price: $0.84')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(await screen.findByText('Proxy successfully extended for 26 hours')).toBeInTheDocument();
    expect(body).toEqual({ task: 'up', id: 3, hours: '26' });
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$19.76'));
    // A working proxy keeps working: no activation dialog, and the extend dialog is gone.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Extend proxy' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Purchased proxies' })).not.toBeInTheDocument();
  });

  it('extend of a rental that is not connected yet hands it to the status dialog; 1 hour is singular', async () => {
    server([historyRecord(3, { status: 'ready' })], (path) =>
      path === '/api/proxy/buy' ? jsonResponse(200, { success: true, message: 'ok', wallet: 19.85 }) : undefined,
    );
    renderApp('/history', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('button', { name: 'Extend proxy 3' }));
    const dialog = await screen.findByRole('dialog');
    // A day to start with, the lifetime the shop states; no days nor months leave the least, an hour.
    expect(within(dialog).getByLabelText('Days')).toHaveValue(1);
    expect(within(dialog).getByLabelText('Hours')).toHaveValue(0);
    await userEvent.clear(within(dialog).getByLabelText('Days'));
    expect(within(dialog).getByLabelText('Hours')).toHaveValue(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(await screen.findByText('Proxy successfully extended for 1 hour')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Purchased proxies' })).toBeInTheDocument();
  });

  it('extend errors read "Extension failed: {cause}"', async () => {
    server([historyRecord(3)], (path) =>
      path === '/api/proxy/buy'
        ? jsonResponse(402, {
            success: false,
            error: 'Insufficient balance: the price is $0.15, the balance $0.00',
            code: 'INSUFFICIENT_BALANCE',
          })
        : undefined,
    );
    renderApp('/history', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('button', { name: 'Extend proxy 3' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Extend' }));
    expect(
      await screen.findByText(
        'Extension failed: Insufficient balance. You need to add funds to your account to buy proxies.',
      ),
    ).toBeInTheDocument();
  });

  it.each([
    [
      'no answer',
      (): Response => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['an error status without a sentence', () => new Response('Bad Gateway', { status: 502 })],
  ])('an extension failing with %s reads "Failed to extend proxy"', async (_case, answer) => {
    server([historyRecord(3)], (path) => (path === '/api/proxy/buy' ? answer() : undefined));
    renderApp('/history', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('button', { name: 'Extend proxy 3' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Extend' }));
    expect(await screen.findByText('Failed to extend proxy')).toBeInTheDocument();
    expect(screen.queryByText(/Extension failed/)).not.toBeInTheDocument();
  });

  it('a history answer without the list says "Proxy history is not available"; a failed load says it failed', async () => {
    let answer = () => jsonResponse(200, { success: true });
    mockFetch((path) => {
      if (path === '/api/proxy/history') return answer();
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 20 });
      return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    });
    const first = renderApp('/history', { apiKey: 'px_test' });
    expect(await screen.findByText('Proxy history is not available', {}, { timeout: 15_000 })).toBeInTheDocument();
    first.unmount();
    answer = () => jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    renderApp('/history', { apiKey: 'px_test' });
    expect(await screen.findByText('Failed to load proxy history')).toBeInTheDocument();
  });

  it('refund asks first, then shows "Refund failed: {cause}" with the rule', async () => {
    let asked = 0;
    server([historyRecord(3)], (path) => {
      if (path !== '/api/refund-by-id') return undefined;
      asked += 1;
      return jsonResponse(409, {
        success: false,
        error:
          'Our checks have not found this proxy unavailable within 2 hours of purchase, so it is not eligible for a refund',
        code: 'REFUND_NOT_ELIGIBLE',
      });
    });
    renderApp('/history', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('button', { name: 'Refund proxy 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund proxy 3?' });
    expect(asked).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(
      await screen.findByText(
        'Refund failed: Our checks have not found this proxy unavailable within 2 hours of purchase, so it is not eligible for a refund',
      ),
    ).toBeInTheDocument();
    expect(asked).toBe(1);
  });
});
