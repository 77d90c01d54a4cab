import { configure, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { historyRecord } from '../../../../test/fixtures';
import { jsonResponse, mockFetch, openFromHistory } from '../../../../test/render-app';

beforeAll(async () => {
  const i18n = await initI18n('en');
  await i18n.loadNamespaces(['rentals', 'errors']);
  configure({ asyncUtilTimeout: 4000 });
});
afterEach(() => vi.restoreAllMocks());

/** The history and the ip-auth call; port 20000 is handed out, and the answer follows what was sent. */
function server(history: ReturnType<typeof historyRecord>[], exhausted = false): unknown[] {
  const sent: unknown[] = [];
  mockFetch((path, init) => {
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 20 });
    if (path.startsWith('/api/proxy/usage')) return jsonResponse(200, { success: true, usage: [] });
    if (path === '/api/proxy/history') return jsonResponse(200, { success: true, history });
    if (path === '/api/payments/transactions') return jsonResponse(200, { success: true, transactions: [] });
    if (path === '/api/proxy/ip-auth') {
      const body = JSON.parse(String(init.body)) as { proxy_id: number; ips: string[] };
      sent.push(body);
      if (exhausted) {
        return jsonResponse(503, { success: false, error: 'No port', code: 'IP_AUTH_PORTS_EXHAUSTED' });
      }
      const ipAuth = body.ips.length > 0 ? { port: 20000, ips: body.ips } : null;
      history = history.map((r) => (r.id === body.proxy_id ? { ...r, ip_auth: ipAuth } : r));
      return jsonResponse(200, { success: true, ip_auth: ipAuth, address: ipAuth ? 'gw.example:20000' : null });
    }
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  return sent;
}

const openManage = (id: number) => openFromHistory(`Manage proxy ${id}`, `Proxy ${id}`);

describe('IP authorization in the Manage dialog', () => {
  it('checks the list before sending, saves it, shows the own port with a copy button and turns it off', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const sent = server([historyRecord(3)]);
    const dialog = await openManage(3);
    const list = within(dialog).getByLabelText('Allowed addresses (one per line, up to 5)');

    await userEvent.type(list, '10.0.0.0/16');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save addresses' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('10.0.0.0/16 is too wide: list at most a /24.');
    expect(list).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(list);
    await userEvent.type(list, 'example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save addresses' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('example.com is not an IPv4 or IPv6 address.');
    await userEvent.clear(list);
    await userEvent.type(list, '::/64');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save addresses' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('::/64 reaches IPv4 addresses');
    expect(sent).toEqual([]);

    await userEvent.clear(list);
    await userEvent.type(list, '203.0.113.7{Enter}2001:DB8::/64');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save addresses' }));
    const ownPort = await within(dialog).findByText('gw.example:20000');
    // At 375 px a break-all address beside its button broke into a column of digits.
    expect(ownPort).not.toHaveClass('break-all');
    expect(ownPort).toHaveClass('col-span-2');
    expect(sent).toEqual([{ proxy_id: 3, ips: ['203.0.113.7', '2001:db8::/64'] }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy the own port address' }));
    expect(writeText).toHaveBeenCalledWith('gw.example:20000');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(within(dialog).queryByText('gw.example:20000')).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ proxy_id: 3, ips: [] });
    // Typing a dozen entries key by key takes long on a busy machine.
  }, 40_000);

  it("shows the server's refusal in the reader's language", async () => {
    server([historyRecord(4)], true);
    const dialog = await openManage(4);
    await userEvent.type(within(dialog).getByLabelText(/Allowed addresses/), '127.0.0.1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save addresses' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Saving the addresses failed: No gateway port is free for IP authorization right now.',
    );
  });
});
