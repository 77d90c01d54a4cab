import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { historyRecord } from '../../../../test/fixtures';
import { inEnglish, jsonResponse, mockFetch, openFromHistory, renderApp } from '../../../../test/render-app';

inEnglish('rentals');

interface Calls {
  bodies: Record<string, unknown[]>;
}

/** The history calls, plus the customer's controls; the answers follow what was sent. */
function server(history: ReturnType<typeof historyRecord>[], wallet = 20): Calls {
  const calls: Calls = { bodies: {} };
  let links: { id: number; format: string | null; template: string | null; hint: string; created_at: string }[] = [];
  mockFetch((path, init) => {
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    (calls.bodies[`${init.method ?? 'GET'} ${path}`] ??= []).push(body);
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet });
    if (path.startsWith('/api/proxy/usage')) {
      const usage = [
        { hour: '2026-11-23T10:00:00.000Z', bytes_up: 1024, bytes_down: 2048 },
        { hour: '2026-11-23T11:00:00.000Z', bytes_up: 0, bytes_down: 3 * 1024 * 1024 },
      ];
      return jsonResponse(200, { success: true, usage });
    }
    if (path === '/api/proxy/auto-renew') {
      const ids = Array.isArray(body?.proxy_id) ? (body.proxy_id as number[]) : [body?.proxy_id];
      history = history.map((r) => (ids.includes(r.id) ? { ...r, auto_renew: Boolean(body?.enabled) } : r));
      return jsonResponse(200, { success: true, auto_renew: body?.enabled, count: ids.length });
    }
    if (path === '/api/proxy/history') return jsonResponse(200, { success: true, history });
    if (path === '/api/payments/transactions') return jsonResponse(200, { success: true, transactions: [] });
    if (path === '/api/proxy/note') {
      history = history.map((r) => (r.id === body?.proxy_id ? { ...r, note: String(body.note) } : r));
      return jsonResponse(200, { success: true, note: body?.note });
    }
    if (path === '/api/proxy/credentials') {
      history = history.map((r) =>
        r.id === body?.proxy_id ? { ...r, proxy: 'gw.example:1080:u3:fresh', proxy_pwd: 'fresh' } : r,
      );
      return jsonResponse(200, { success: true, proxy: 'gw.example:1080:u3:fresh', proxy_pwd: 'fresh' });
    }
    if (path === '/api/proxy/export-links' && init.method === 'POST') {
      const link = {
        id: links.length + 1,
        format: null,
        template: String(body?.template ?? ''),
        hint: 'AbCdEf',
        created_at: '',
      };
      links = [link, ...links];
      return jsonResponse(200, { success: true, link, url: 'https://portal.example/api/pull/AbCdEfSecret' });
    }
    if (path === '/api/proxy/export-links') return jsonResponse(200, { success: true, links });
    const revoked = /^\/api\/proxy\/export-links\/(\d+)$/.exec(path);
    if (revoked && init.method === 'DELETE') {
      links = links.filter((link) => link.id !== Number(revoked[1]));
      return jsonResponse(200, { success: true });
    }
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  return calls;
}

describe('proxy controls on the History page', () => {
  it('shows both ways to connect with copy buttons, and saves a note shown as text', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = server([historyRecord(3)]);
    const dialog = await openFromHistory('Manage proxy 3', 'Proxy 3');
    expect(within(dialog).getByText('socks5://u3:secret@gw.example:1080')).toBeInTheDocument();
    expect(within(dialog).getByText('http://u3:secret@gw.example:8081')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy the HTTP address' }));
    expect(writeText).toHaveBeenCalledWith('http://u3:secret@gw.example:8081');

    const markup = '<img src=x onerror="window.__xss=1">';
    await userEvent.type(within(dialog).getByLabelText('Note'), markup.replaceAll('{', '{{').replaceAll('[', '[['));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
    expect(calls.bodies['POST /api/proxy/note']).toEqual([{ proxy_id: 3, note: markup }]);
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByTestId('note')).toHaveTextContent(markup);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('issues a new password only after a confirmation that says what happens', async () => {
    const calls = server([historyRecord(3)]);
    renderApp('/history', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage proxy 3' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'New password' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/stops working at once/);
    expect(calls.bodies['POST /api/proxy/credentials']).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue new password' }));
    expect(await screen.findByText('New password issued; the old one no longer works')).toBeInTheDocument();
    expect(calls.bodies['POST /api/proxy/credentials']).toEqual([{ proxy_id: 3 }]);
    // The open dialog shows the new password at once, not the dead one.
    expect(within(dialog).getByText('socks5://u3:fresh@gw.example:1080')).toBeInTheDocument();
    expect(within(dialog).getByText('http://u3:fresh@gw.example:8081')).toBeInTheDocument();
    expect(within(dialog).queryByText(/u3:secret@/)).not.toBeInTheDocument();
  });

  it('creates a pull link from a template, shows it once, and revokes it after a confirmation', async () => {
    const calls = server([historyRecord(3)]);
    renderApp('/history', { apiKey: 'px_test' });
    await userEvent.selectOptions(await screen.findByLabelText('Export format'), 'template');
    const template = screen.getByLabelText('Template');
    await userEvent.clear(template);
    await userEvent.type(template, '{{password}');
    expect(screen.getByText(/Unknown placeholder/)).toBeInTheDocument();
    await userEvent.clear(template);
    await userEvent.type(template, '{{host}:{{port}');
    await userEvent.click(screen.getByRole('button', { name: 'Pull links' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pull links' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link with this format' }));
    expect(await within(dialog).findByText('https://portal.example/api/pull/AbCdEfSecret')).toBeInTheDocument();
    expect(calls.bodies['POST /api/proxy/export-links']).toEqual([{ template: '{host}:{port}' }]);

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Revoke link AbCdEf' }));
    expect(calls.bodies['DELETE /api/proxy/export-links/1']).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm revoking link AbCdEf' }));
    await waitFor(() => expect(calls.bodies['DELETE /api/proxy/export-links/1']).toHaveLength(1));
    expect(await within(dialog).findByText('No pull links yet.')).toBeInTheDocument();
  });

  it('turns auto-renew on from the dialog, with its period and price said first', async () => {
    const calls = server([historyRecord(3, { renew_hours: 24, ipqualityscore: 0 })]);
    renderApp('/history', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage proxy 3' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/extended by 24 hours from your wallet \(\$0\.75 at today's price\)/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn auto-renew on' }));
    expect(await screen.findByText('Auto-renew is on')).toBeInTheDocument();
    expect(calls.bodies['POST /api/proxy/auto-renew']).toEqual([{ proxy_id: 3, enabled: true }]);
    // The dialog stays open and shows the new state; turning it off works from the same place.
    expect(dialog).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn auto-renew off' }));
    expect(await screen.findByText('Auto-renew is off')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Turn auto-renew on' })).toBeInTheDocument();
  });

  it('warns on the page and in the header when the renewals of the next 24 h cannot be paid', async () => {
    const soon = new Date(Date.now() + 2 * 3_600_000).toISOString();
    server(
      [
        historyRecord(3, { auto_renew: true, renew_hours: 24, ipqualityscore: 0, end_time: soon, renew_failure: null }),
        historyRecord(4, { auto_renew: true, renew_hours: 24, ipqualityscore: 0, end_time: soon }),
      ],
      1,
    );
    renderApp('/history', { apiKey: 'px_test' });
    // Two renewals of $0.75 against $1.00: $0.50 is missing.
    const warnings = await screen.findAllByText(
      /cannot pay the auto-renewals due in the next 24 hours: \$0\.50 is missing/,
    );
    expect(warnings).toHaveLength(2);
    expect(screen.getAllByText('Auto-renew on')).toHaveLength(2);
  });

  it('says why a renewal failed', async () => {
    server([historyRecord(3, { auto_renew: true, renew_failure: 'Insufficient balance: this costs $0.75' })], 50);
    renderApp('/history', { apiKey: 'px_test' });
    expect(await screen.findByText('Not renewed: Insufficient balance: this costs $0.75')).toBeInTheDocument();
    expect(screen.queryByText(/cannot pay the auto-renewals/)).not.toBeInTheDocument();
  });

  it("says a renewal's failure by its code, in the reader's words, where the server kept one", async () => {
    server(
      [
        historyRecord(3, {
          auto_renew: true,
          renew_failure: 'Insufficient balance: this costs $0.75 and your wallet has $0.10',
          renew_failure_code: 'INSUFFICIENT_BALANCE',
        }),
      ],
      50,
    );
    renderApp('/history', { apiKey: 'px_test' });
    expect(
      await screen.findByText(
        'Not renewed: Insufficient balance. You need to add funds to your account to buy proxies.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the traffic per hour as a chart and, for screen readers, as a table with readable units', async () => {
    server([historyRecord(3)]);
    renderApp('/history', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage proxy 3' }));
    const table = await within(await screen.findByRole('dialog')).findByRole('table', { name: 'Traffic per hour' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['2 kB', '1 kB'],
      ['3 MB', '0 bytes'],
    ]);
    // The picture has a scale and totals, not bars alone.
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('usage-peak')).toHaveTextContent('Highest hour: 3 MB');
    expect(within(dialog).getByTestId('usage-totals')).toHaveTextContent('Received: 3 MB');
    expect(within(dialog).getByTestId('usage-totals')).toHaveTextContent('Sent: 1 kB');
  });

  it('turns auto-renew on for a selection in one call, and exports only the selected connected proxies', async () => {
    const calls = server([
      historyRecord(3),
      historyRecord(4),
      historyRecord(5),
      historyRecord(6, { status: 'expired' }),
    ]);
    renderApp('/history', { apiKey: 'px_test' });
    expect(await screen.findByRole('button', { name: 'Download connected (3)' })).toBeInTheDocument();
    // An ended rental no longer holds its proxy: nothing to select.
    expect(screen.queryByRole('checkbox', { name: 'Select proxy 6' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select proxy 3' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select proxy 5' }));
    const bar = screen.getByRole('region', { name: 'Selected proxies' });
    expect(bar).toHaveTextContent('Selected: 2');
    expect(screen.getByRole('button', { name: 'Download selected (2)' })).toBeInTheDocument();

    await userEvent.click(within(bar).getByRole('button', { name: 'Turn auto-renew on for selected' }));
    expect(await screen.findByText('Auto-renew is on for the selected proxies (2)')).toBeInTheDocument();
    const [selection] = (calls.bodies['POST /api/proxy/auto-renew'] ?? []) as {
      proxy_id: number[];
      enabled: boolean;
    }[];
    expect(selection?.enabled).toBe(true);
    expect(selection?.proxy_id.toSorted((a, b) => a - b)).toEqual([3, 5]);
    await waitFor(() => expect(screen.getAllByText('Auto-renew on')).toHaveLength(2));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all proxies' }));
    expect(bar).toHaveTextContent('Selected: 3');
    await userEvent.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected proxies' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download connected (3)' })).toBeInTheDocument();
  });
});
