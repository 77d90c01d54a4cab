import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { historyRecord } from '../../../../test/fixtures';
import { inEnglish, jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

inEnglish('rentals');

function server(history: ReturnType<typeof historyRecord>[]): void {
  mockFetch((path) => {
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 20 });
    if (path === '/api/proxy/history') return jsonResponse(200, { success: true, history });
    if (path.startsWith('/api/proxy/usage')) return jsonResponse(200, { success: true, usage: [] });
    if (path === '/api/payments/transactions') return jsonResponse(200, { success: true, transactions: [] });
    if (path === '/api/proxy/export-links') return jsonResponse(200, { success: true, links: [] });
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
}

describe('ways to connect in the Manage dialog', () => {
  it('adds the https:// line where the gateway has an HTTPS port, and only there', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    server([{ ...historyRecord(3), https_port: 8443 }, historyRecord(4)]);
    renderApp('/history', { apiKey: 'px_test' });

    await userEvent.click(await screen.findByRole('button', { name: 'Manage proxy 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proxy 3' });
    expect(within(dialog).getByText('https://u3:secret@gw.example:8443')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy the HTTPS address' }));
    expect(writeText).toHaveBeenCalledWith('https://u3:secret@gw.example:8443');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(await screen.findByRole('button', { name: 'Manage proxy 4' }));
    const other = await screen.findByRole('dialog', { name: 'Proxy 4' });
    expect(within(other).getByText('http://u4:secret@gw.example:8081')).toBeInTheDocument();
    expect(within(other).queryByText(/^https:\/\//)).toBeNull();
  });
});
