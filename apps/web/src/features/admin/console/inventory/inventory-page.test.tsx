import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryRow } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { itemTexts, jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, inventoryRow, postedUrls, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

const rows = () => screen.getAllByTestId('inventory-row');
const addresses = () => rows().map((row) => within(row).getAllByRole('cell')[1]?.textContent);

function inventoryApi(inventory: InventoryRow[], extra: Parameters<typeof consoleApi>[0] = {}) {
  return consoleApi({
    'GET /api/admin/proxies': () => jsonResponse(200, { success: true, proxies: inventory }),
    ...extra,
  });
}

describe('inventory', () => {
  it('searches id, ip, country, city and ISP, and filters by state', async () => {
    inventoryApi([
      inventoryRow(1, { city: 'Berlin', country: 'DE', isp: 'Telekom' }),
      inventoryRow(2, { ip: '198.51.100.7', state: 'rented' }),
      inventoryRow(3, { isp: 'Vodafone', enabled: false, state: 'disabled' }),
    ]);
    renderApp('/admin/inventory');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('inventory-count')).toHaveTextContent('3 proxies in the inventory');

    const search = screen.getByRole('searchbox', { name: 'Search' });
    // change events rather than typed keys: the filter is under test, not the keyboard (and it is faster).
    fireEvent.change(search, { target: { value: 'berlin' } });
    await waitFor(() => expect(addresses()).toEqual(['192.0.2.1:1080']));
    fireEvent.change(search, { target: { value: '198.51' } });
    await waitFor(() => expect(addresses()).toEqual(['198.51.100.7:1080']));
    fireEvent.change(search, { target: { value: 'vodafone' } });
    await waitFor(() => expect(addresses()).toEqual(['192.0.2.3:1080']));
    fireEvent.change(search, { target: { value: 'nowhere' } });
    expect(await screen.findByText('No proxies match the search.')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: '' } });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'rented');
    await waitFor(() => expect(addresses()).toEqual(['198.51.100.7:1080']));
  });

  // getByRole walks the accessibility tree of 50 full rows on every call; text queries keep this quick.
  it('pages through a large inventory 50 rows at a time', { timeout: 15_000 }, async () => {
    inventoryApi(Array.from({ length: 120 }, (_, index) => inventoryRow(index + 1)));
    renderApp('/admin/inventory');
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(screen.getByText('Rows 1–50 of 120 (page 1 of 3)')).toBeInTheDocument();
    const next = screen.getByText('Next');
    await userEvent.click(next);
    await userEvent.click(next);
    expect(screen.getByText('Rows 101–120 of 120 (page 3 of 3)')).toBeInTheDocument();
    expect(rows()).toHaveLength(20);
    expect(next).toBeDisabled();
  });

  it('shows health times with Intl, and Never when there was none', async () => {
    inventoryApi([
      inventoryRow(1, { lastCheckedAt: '2026-03-04T10:20:00Z', lastUnavailableAt: null }),
      inventoryRow(2, { lastCheckedAt: null, lastUnavailableAt: null }),
    ]);
    renderApp('/admin/inventory');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const checked = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-03-04T10:20:00Z'),
    );
    expect(within(rows()[0] as HTMLElement).getByText(checked)).toBeInTheDocument();
    expect(within(rows()[1] as HTMLElement).getAllByText('Never')).toHaveLength(2);
  });

  it("names a proxy's type in the console's language; a type the shop does not know stays as stored", async () => {
    inventoryApi([inventoryRow(1, { type: 'residential' }), inventoryRow(2, { type: 'satellite' })]);
    await i18n.changeLanguage('es');
    try {
      renderApp('/admin/inventory');
      await waitFor(() => expect(rows()).toHaveLength(2));
      expect(within(rows()[0] as HTMLElement).getByText('Residencial · SOCKS5')).toBeInTheDocument();
      expect(within(rows()[1] as HTMLElement).getByText('satellite · SOCKS5')).toBeInTheDocument();
      const batchType = screen.getByRole('combobox', { name: 'Tipo de este lote' });
      expect(within(batchType).getByRole('option', { name: 'Centro de datos' })).toHaveValue('datacenter');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('lists every refused row of an import, then shows how many were added', async () => {
    let inventory = [inventoryRow(1)];
    const bodies: { type: string | null; body: string }[] = [];
    let attempt = 0;
    inventoryApi([], {
      'GET /api/admin/proxies': () => jsonResponse(200, { success: true, proxies: inventory }),
      'POST /api/admin/proxies': (init) => {
        attempt += 1;
        bodies.push({ type: new Headers(init.headers).get('content-type'), body: String(init.body) });
        if (attempt === 1) {
          return jsonResponse(400, {
            success: false,
            code: 'IMPORT_INVALID',
            error: 'Row 2, port: port must be a whole number from 1 to 65535 (2 problems in all)',
            problems: [
              { row: 2, field: 'port', message: 'port must be a whole number from 1 to 65535' },
              { row: 3, field: 'country', message: 'country must be a two-letter ISO 3166 code' },
            ],
          });
        }
        inventory = [...inventory, inventoryRow(2), inventoryRow(3)];
        return jsonResponse(200, { success: true, added: 2, ids: [2, 3] });
      },
    });
    renderApp('/admin/inventory');
    await waitFor(() => expect(rows()).toHaveLength(1));

    const csv = 'ip,port,protocol,type,country,region,city,isp,zip,fraud_score,upstream\n192.0.2.2,70000,…';
    fireEvent.change(screen.getByRole('textbox', { name: 'Upstream lines, CSV or JSON' }), { target: { value: csv } });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const problems = await screen.findByRole('list', { name: 'Rows with problems' });
    expect(itemTexts(problems)).toEqual([
      'Row 2, port: port must be a whole number from 1 to 65535',
      'Row 3, country: country must be a two-letter ISO 3166 code',
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Problems found: 2');
    expect(bodies[0]).toEqual({ type: 'text/csv', body: csv });

    // JSON goes as {proxies: [...]}; success replaces the error with the count.
    const json = JSON.stringify([{ ip: '192.0.2.2' }, { ip: '192.0.2.3' }]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Upstream lines, CSV or JSON' }), { target: { value: json } });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import done. Proxies added: 2.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Rows with problems' })).not.toBeInTheDocument();
    expect(bodies[1]?.type).toBe('application/json');
    expect(JSON.parse(bodies[1]?.body ?? '')).toEqual({ proxies: [{ ip: '192.0.2.2' }, { ip: '192.0.2.3' }] });
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('reads a chosen .csv file, and refuses broken JSON before sending it', async () => {
    const fetchMock = inventoryApi([], {
      'POST /api/admin/proxies': () => jsonResponse(200, { success: true, added: 1, ids: [9] }),
    });
    renderApp('/admin/inventory');
    const text = await screen.findByRole('textbox', { name: 'Upstream lines, CSV or JSON' });
    fireEvent.change(text, { target: { value: '[{"ip": ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The JSON could not be read');
    expect(postedUrls(fetchMock)).toEqual([]);

    // The picker's own words are the shop's, not the browser's; the input keeps its name.
    const picker = screen.getByLabelText('Or choose a file');
    expect(picker).toHaveAccessibleName('Or choose a file');
    expect(picker).toHaveAccessibleDescription('No file chosen');
    expect(screen.getByText('Choose file')).toContainElement(picker);
    const file = new File(['ip,port\n192.0.2.9,1080\n'], 'batch.csv', { type: 'text/csv' });
    await userEvent.upload(picker, file);
    expect(await screen.findByText('Loaded batch.csv')).toBeInTheDocument();
    expect(picker).toHaveAccessibleDescription('Loaded batch.csv');
    expect(text).toHaveValue('ip,port\n192.0.2.9,1080\n');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import done. Proxies added: 1.')).toBeInTheDocument();
    expect(picker).toHaveAccessibleDescription('No file chosen');
  });

  it('imports pasted upstream lines with the batch defaults and follows their discovery', async () => {
    const lines =
      '# seller batch\n203.0.113.5:8000:user:pass\n203.0.113.6:8000:user:pass\n\n203.0.113.7:8000:user:pass\n';
    let inventory: InventoryRow[] = [];
    const posted: { url: string; type: string | null; body: string }[] = [];
    const checking = (id: number) => inventoryRow(id, { state: 'checking', country: '', fraudScore: 0 });
    const fetchMock = inventoryApi([], {
      'GET /api/admin/proxies': () => jsonResponse(200, { success: true, proxies: inventory }),
      'POST /api/admin/proxies': (init) => {
        posted.push({ url: 'import', type: new Headers(init.headers).get('content-type'), body: String(init.body) });
        inventory = [checking(1), checking(2), checking(3)];
        return jsonResponse(200, {
          success: true,
          added: 3,
          ids: [1, 2, 3],
          duplicates: [{ row: 6, upstream: 'socks5 203.0.113.5:8000' }],
          checking: 3,
        });
      },
      'POST /api/admin/proxies/check': () =>
        jsonResponse(200, {
          success: true,
          results: [{ id: 3, ok: true, state: 'free', exitIp: '8.8.8.8', latencyMs: 40, reason: null }],
        }),
    });
    renderApp('/admin/inventory');
    const text = await screen.findByRole('textbox', { name: 'Upstream lines, CSV or JSON' });
    fireEvent.change(text, { target: { value: lines } });
    // Lines without a scheme are probed unless the operator names their protocol.
    expect(screen.getByLabelText('Protocol of lines without one')).toHaveDisplayValue('Detect (SOCKS5, then HTTP)');
    await userEvent.selectOptions(screen.getByLabelText('Protocol of lines without one'), 'socks5');
    await userEvent.selectOptions(screen.getByLabelText('Type of this batch'), 'residential');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import done. Proxies added: 3.')).toBeInTheDocument();
    expect(
      screen.getByText('Line 6: socks5 203.0.113.5:8000 is already in the inventory, skipped.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ url: 'import', type: 'text/plain', body: lines.trim() }]);
    expect(postedUrls(fetchMock)).toEqual(['/api/admin/proxies?protocol=socks5&type=residential']);
    await waitFor(() =>
      expect(screen.getByTestId('import-progress')).toHaveTextContent('Discovery: 0 listed, 0 failed, 3 waiting.'),
    );

    // The page polls while proxies are being checked: no reload needed to see them listed.
    inventory = [
      inventoryRow(1, {
        exitIp: '8.8.8.8',
        latencyMs: 35,
        udp: true,
        sources: { country: 'geo', isp: 'asn' },
        isp: 'Google LLC',
      }),
      inventoryRow(2, { state: 'failed', failureReason: 'authentication refused by the upstream: 407' }),
      checking(3),
    ];
    await waitFor(
      () =>
        expect(screen.getByTestId('import-progress')).toHaveTextContent('Discovery: 1 listed, 1 failed, 1 waiting.'),
      { timeout: 5000 },
    );
    expect(screen.getByText('authentication refused by the upstream: 407')).toBeInTheDocument();
    expect(screen.getByText('geo database')).toBeInTheDocument();
    expect(screen.getByText('35 ms')).toBeInTheDocument();
    // Discovery's UDP check: passed for the listed one, not known for the others yet.
    expect(screen.getByText('UDP passes')).toBeInTheDocument();
    expect(screen.getAllByText('UDP not checked')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Check proxy 3 now' }));
    await waitFor(() => expect(postedUrls(fetchMock)).toContain('/api/admin/proxies/check'));
  });

  it('disables and enables a proxy through its own path', async () => {
    let inventory = [inventoryRow(7), inventoryRow(8, { enabled: false, state: 'disabled' })];
    const fetchMock = inventoryApi([], {
      'GET /api/admin/proxies': () => jsonResponse(200, { success: true, proxies: inventory }),
      'POST /api/admin/proxies/7/disable': () => {
        inventory = [inventoryRow(7, { enabled: false, state: 'disabled' }), inventory[1] as InventoryRow];
        return jsonResponse(200, {
          success: true,
          id: 7,
          enabled: false,
          affectedRentals: 0,
          replaced: 0,
          dryRun: false,
        });
      },
      'POST /api/admin/proxies/8/enable': () => jsonResponse(200, { success: true, id: 8, enabled: true }),
    });
    renderApp('/admin/inventory');
    await userEvent.click(await screen.findByRole('button', { name: 'Disable proxy 7 (192.0.2.7:1080)' }));
    // The confirmation (its dry run answers as the real call does here); see disable-dialog.test.
    await userEvent.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('button', { name: 'Enable proxy 7 (192.0.2.7:1080)' })).toBeInTheDocument();
    expect(within(rows()[0] as HTMLElement).getByText('Disabled')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enable proxy 8 (192.0.2.8:1080)' }));
    await waitFor(() => expect(postedUrls(fetchMock)).toHaveLength(3));
    expect(postedUrls(fetchMock)).toEqual([
      '/api/admin/proxies/7/disable',
      '/api/admin/proxies/7/disable',
      '/api/admin/proxies/8/enable',
    ]);
    const disable = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/proxies/7/disable');
    expect(new Headers(disable?.[1]?.headers).get('authorization')).toBe('Bearer test-token');
  });
});
