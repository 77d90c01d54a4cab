import { configure, screen, waitFor, within } from '@testing-library/react';
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

/** The history and the sources calls; clearing empties the list the next read answers. */
function server(): number[] {
  const cleared: number[] = [];
  let sources = [
    { address: '203.0.113.7', first_seen: '2026-03-01T10:00:00.000Z', last_seen: '2026-03-01T11:00:00.000Z' },
    { address: '2001:db8:1:2::/64', first_seen: '2026-03-01T10:30:00.000Z', last_seen: '2026-03-01T10:45:00.000Z' },
  ];
  mockFetch((path, init) => {
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 20 });
    if (path.startsWith('/api/proxy/usage')) return jsonResponse(200, { success: true, usage: [] });
    if (path === '/api/proxy/history') return jsonResponse(200, { success: true, history: [historyRecord(3)] });
    if (path === '/api/payments/transactions') return jsonResponse(200, { success: true, transactions: [] });
    if (path === '/api/proxy/sources') {
      return jsonResponse(200, { success: true, sources, limit: 5, window_hours: 24 });
    }
    if (path === '/api/proxy/sources/clear') {
      cleared.push((JSON.parse(String(init.body)) as { proxy_id: number }).proxy_id);
      const count = sources.length;
      sources = [];
      return jsonResponse(200, { success: true, cleared: count });
    }
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  return cleared;
}

describe('the addresses using a rental, in the Manage dialog', () => {
  it('lists them with the limit and window, and clears the list', async () => {
    const cleared = server();
    const dialog = await openFromHistory('Manage proxy 3', 'Proxy 3');

    const list = await within(dialog).findByRole('list', { name: 'Addresses seen' });
    expect(within(list).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(list).getByText('2001:db8:1:2::/64')).toBeInTheDocument();
    expect(within(dialog).getByText(/Different addresses allowed within 24 h: 5\./)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear the list' }));
    await waitFor(() => expect(cleared).toEqual([3]));
    expect(await within(dialog).findByText('No address has used this proxy yet.')).toBeInTheDocument();
    expect(await screen.findByText('List cleared: 2 removed, and their connections closed.')).toBeInTheDocument();
  });
});
