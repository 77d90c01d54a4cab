import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { historyRecord } from '../../../../test/fixtures';
import { inEnglish, jsonResponse, mockFetch, openFromHistory, renderApp } from '../../../../test/render-app';

inEnglish('rentals');

const candidate = {
  id: 9,
  ip: '203.0.113.9',
  country: 'DE',
  region: 'Berlin',
  city: 'Berlin',
  ISP: 'Example',
  type: 'residential',
  protocol: 'SOCKS5',
  ipqualityscore: 0,
};

/** History with one failing rental; the replacement calls answer as the server would. */
function server(refuseWith?: { status: number; code: string; error: string }) {
  const posted: unknown[] = [];
  let history = [historyRecord(3, { note: 'checkout bot', exit_ip: '198.51.100.3', country: 'DE' })];
  mockFetch((path, init) => {
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 10 });
    if (path.startsWith('/api/proxy/usage')) return jsonResponse(200, { success: true, usage: [] });
    if (path === '/api/proxy/history') return jsonResponse(200, { success: true, history });
    // The mock sees the path alone; the query names proxy 3, the only rental.
    if (path === '/api/proxy/replace' && (init.method ?? 'GET') === 'GET') {
      if (refuseWith) return jsonResponse(refuseWith.status, { success: false, ...refuseWith });
      return jsonResponse(200, { success: true, proxy_id: 3, candidate, remaining_today: 3 });
    }
    if (path === '/api/proxy/replace' && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      history = [
        historyRecord(9, {
          note: 'checkout bot',
          exit_ip: '203.0.113.9',
          country: 'DE',
          replaced_from: {
            proxy_id: 3,
            ip: '198.51.100.3',
            country: 'DE',
            reason: 'slow',
            automatic: false,
            at: new Date().toISOString(),
          },
        }),
      ];
      return jsonResponse(200, {
        success: true,
        rental_id: 1,
        old_proxy_id: 3,
        proxy_id: 9,
        exit_ip: '203.0.113.9',
        country: 'DE',
        proxy: 'gw.example:1080:u3:secret',
      });
    }
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  return posted;
}

describe('replacing a failing proxy', () => {
  it('shows the candidate, sends the reason on confirmation, then the result and the history row', async () => {
    const posted = server();
    renderApp('/history', { apiKey: 'px_test' });
    const row = (await screen.findAllByTestId('history-row'))[0]!;
    expect(within(row).getByTestId('exit')).toHaveTextContent('Exit IP 198.51.100.3 · Germany');
    expect(within(row).getByTestId('note')).toHaveTextContent('checkout bot');

    await userEvent.click(screen.getByRole('button', { name: 'Manage proxy 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proxy 3' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find a replacement' }));
    const offered = await within(dialog).findByTestId('replace-candidate');
    expect(offered).toHaveTextContent('proxy 9: 203.0.113.9, Germany, Berlin, residential, SOCKS5');
    expect(posted).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByLabelText('Reason (optional)'), 'Slow');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm replacement' }));
    expect(await within(dialog).findByTestId('replace-result')).toHaveTextContent(
      'your rental now uses proxy 9, exit IP 203.0.113.9 (Germany)',
    );
    expect(posted).toEqual([{ proxy_id: 3, reason: 'slow' }]);
    // The dialog stays open on the rental under its new id, with the result still on screen.
    expect(await screen.findByRole('dialog', { name: 'Proxy 9' })).toBe(dialog);
    expect(within(dialog).getByTestId('replace-result')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.getByTestId('replaced-from')).toHaveTextContent('Replaced 198.51.100.3 (proxy 3)'),
    );
    expect(screen.getByTestId('exit')).toHaveTextContent('Exit IP 203.0.113.9 · Germany');
  });

  it('shows the refusal in words and replaces nothing', async () => {
    const posted = server({ status: 409, code: 'PROXY_STILL_HEALTHY', error: 'healthy' });
    const dialog = await openFromHistory('Manage proxy 3', 'Proxy 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find a replacement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Replacement not possible: This proxy passes its health checks or is carrying traffic, so it cannot be replaced',
    );
    expect(within(dialog).queryByRole('button', { name: 'Confirm replacement' })).toBeNull();
    expect(posted).toEqual([]);
  });
});
