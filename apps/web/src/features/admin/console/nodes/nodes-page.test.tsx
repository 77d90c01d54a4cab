import type { NodeView } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, inventoryRow, meAnswer, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

const node = (id: number, name: string, extra: Partial<NodeView> = {}): NodeView => ({
  id,
  name,
  host: `${name}.example.net`,
  createdAt: '2026-03-01T00:00:00Z',
  revokedAt: null,
  online: true,
  last_seen: '2026-03-02T10:00:00Z',
  version: '1.4.0',
  socksPort: 1080,
  httpPort: 8080,
  tlsPort: null,
  openConnections: 12,
  bytesUp: 5_000_000,
  bytesDown: 20_000_000,
  proxies: 3,
  ...extra,
});

/**
 * The list as the API answers it. The shop names its commit; `node()` reports the same release
 * with none (a copy without git), which counts as the same code.
 */
const listAnswer = (nodes: NodeView[]) =>
  jsonResponse(200, { success: true, nodes, shopVersion: '1.4.0+3f2a1b9c0d4e' });

describe('gateway nodes', () => {
  it('adds a node and shows its token once with the command that starts it; the list never holds one', async () => {
    const nodes: NodeView[] = [];
    const posted: unknown[] = [];
    consoleApi({
      'GET /api/admin/nodes': () => listAnswer(nodes),
      'POST /api/admin/nodes': (init) => {
        const body = JSON.parse(String(init.body)) as { name: string; host: string };
        posted.push(body);
        nodes.push(node(4, body.name, { host: body.host, online: false, last_seen: null, version: null, proxies: 0 }));
        return jsonResponse(200, { success: true, node: nodes[0], token: 'tok-0123456789abcdef' });
      },
    });
    renderApp('/admin/nodes');
    expect(
      await screen.findByText("No nodes yet: every proxy is served by the shop's own gateway."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add node' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Host is required')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.type(screen.getByLabelText('Name'), 'fra-1');
    await userEvent.type(screen.getByLabelText('Host customers connect to'), '203.0.113.7');
    await userEvent.click(screen.getByRole('button', { name: 'Add node' }));
    expect(await screen.findByTestId('node-token')).toHaveTextContent('tok-0123456789abcdef');
    expect(posted).toEqual([{ name: 'fra-1', host: '203.0.113.7' }]);
    expect(screen.getByTestId('node-command')).toHaveTextContent(
      `PANEL_URL=${window.location.origin} NODE_TOKEN=tok-0123456789abcdef GATEWAY_HOST=203.0.113.7 npm run gateway`,
    );
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await userEvent.click(screen.getByRole('button', { name: 'Copy Node token' }));
    expect(writeText).toHaveBeenCalledWith('tok-0123456789abcdef');
    vi.unstubAllGlobals();
    const row = await screen.findByTestId('node-row');
    expect(within(row).getByTestId('node-state')).toHaveTextContent('Offline');
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Nodes (table)' })).queryByText(/tok-/)).toBeNull();
  });

  it('states the name rule and refuses a bad name and a bad host at once, each beside its field', async () => {
    const posted: unknown[] = [];
    consoleApi({
      'GET /api/admin/nodes': () => listAnswer([]),
      'POST /api/admin/nodes': (init) => {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(400, { success: false, error: 'name may hold letters', code: 'BAD_REQUEST' });
      },
    });
    renderApp('/admin/nodes');
    const name = await screen.findByLabelText('Name');
    const rule = 'Letters, digits, dots, dashes and underscores, no spaces: for example fra-1.';
    expect(name).toHaveAccessibleDescription(rule);
    await userEvent.type(name, 'Frankfurt edge 1');
    await userEvent.type(screen.getByLabelText('Host customers connect to'), 'https://edge.example.net:443');
    await userEvent.click(screen.getByRole('button', { name: 'Add node' }));
    expect(name).toHaveAccessibleDescription(
      `${rule} Use only letters, digits, dots (.), dashes (-) and underscores (_), without spaces.`,
    );
    expect(screen.getByLabelText('Host customers connect to')).toHaveAccessibleDescription(
      'Enter a host name or an IP address, without https:// and without a port.',
    );
    expect(posted).toEqual([]);

    await userEvent.clear(name);
    await userEvent.type(name, 'Frankfurt_édge-1.a');
    await userEvent.clear(screen.getByLabelText('Host customers connect to'));
    await userEvent.type(screen.getByLabelText('Host customers connect to'), 'edge.example.net');
    await userEvent.click(screen.getByRole('button', { name: 'Add node' }));
    await waitFor(() => expect(posted).toEqual([{ name: 'Frankfurt_édge-1.a', host: 'edge.example.net' }]));
  });

  it('shows state, connections, version and the rate between two reports', async () => {
    let report = node(2, 'ams-1');
    consoleApi({
      'GET /api/admin/nodes': () =>
        listAnswer([
          report,
          node(3, 'old-1', { revokedAt: '2026-03-01T12:00:00Z', online: false, version: '1.3.0' }),
          node(5, 'waw-1', { version: '1.3.0+0123456789ab' }),
          node(6, 'lon-1', { version: '1.4.0+0123456789ab' }),
        ]),
    });
    const { queryClient } = renderApp('/admin/nodes');
    const rows = await screen.findAllByTestId('node-row');
    expect(within(rows[0]!).getByTestId('node-state')).toHaveTextContent('Online');
    expect(within(rows[0]!).getByText('12')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1.4.0')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('No rate yet')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('node-state')).toHaveTextContent('Revoked');
    expect(within(rows[1]!).queryByRole('button', { name: 'Revoke old-1' })).toBeNull();
    // Only a live node on other code than the shop's is marked: another release, or the same
    // release from another commit; not one that names no commit, nor a revoked one.
    expect(screen.getByTestId('shop-version')).toHaveTextContent("The shop's version: 1.4.0+3f2a1b9c0d4e");
    expect(within(rows[2]!).getByText('1.3.0+0123456789ab')).toBeInTheDocument();
    expect(screen.getAllByTestId('node-version-differs').map((badge) => badge.closest('tr'))).toEqual([
      rows[2],
      rows[3],
    ]);
    expect(rows[2]).toHaveTextContent("Not the shop's version");

    report = { ...report, last_seen: '2026-03-02T10:00:10Z', bytesUp: 15_000_000, bytesDown: 40_000_000 };
    await queryClient.invalidateQueries();
    await waitFor(() =>
      expect(within(screen.getAllByTestId('node-row')[0]!).getByText('↑ 1 MB/s')).toBeInTheDocument(),
    );
    expect(within(screen.getAllByTestId('node-row')[0]!).getByText('↓ 2 MB/s')).toBeInTheDocument();
  });

  it('revokes a node after a confirmation', async () => {
    const deleted: string[] = [];
    consoleApi({
      'GET /api/admin/nodes': () => listAnswer([node(2, 'ams-1')]),
      'DELETE /api/admin/nodes/2': () => {
        deleted.push('2');
        return jsonResponse(200, { success: true, id: 2, revokedAt: '2026-03-02T10:01:00Z' });
      },
    });
    renderApp('/admin/nodes');
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke ams-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke ams-1?' });
    expect(within(dialog).getByText(/Proxies assigned to it: 3/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(deleted).toEqual(['2']));
  });

  it("shows a manager the list but neither adding nor revoking (the owner's calls)", async () => {
    consoleApi({
      'GET /api/admin/me': () => meAnswer({ id: 7, name: 'Lee', role: 'manager', builtin: false }),
      'GET /api/admin/nodes': () => listAnswer([node(2, 'ams-1')]),
    });
    renderApp('/admin/nodes');
    expect(await screen.findByTestId('node-row')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add a node' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke ams-1' })).toBeNull();
  });

  it('lets a manager move a proxy to a node from the inventory', async () => {
    const moved: unknown[] = [];
    consoleApi({
      'GET /api/admin/me': () => meAnswer({ id: 7, name: 'Lee', role: 'manager', builtin: false }),
      'GET /api/admin/proxies': () => jsonResponse(200, { success: true, proxies: [inventoryRow(1)] }),
      'GET /api/admin/discovery': () =>
        jsonResponse(200, { success: true, ipqs: { configured: false, used: 0, limit: 0, month: '2026-03' } }),
      'GET /api/admin/nodes': () =>
        listAnswer([node(2, 'ams-1'), node(3, 'old-1', { revokedAt: '2026-03-01T12:00:00Z' })]),
      'POST /api/admin/proxies/1/node': (init) => {
        moved.push(JSON.parse(String(init.body)));
        return jsonResponse(200, { success: true, id: 1, nodeId: 2 });
      },
    });
    renderApp('/admin/inventory');
    const select = await screen.findByRole('combobox', { name: 'Gateway of proxy 1' });
    // "Shop gateway" was cut in a 96 px select; as wide as its longest choice, the table overflowed
    // in French. The choice says "Shop" in the Gateway column, in a select room for it.
    expect(within(select).getByRole('option', { name: 'Shop' })).toBeInTheDocument();
    expect(select).toHaveClass('w-28');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    expect(within(select).queryByRole('option', { name: /old-1/ })).toBeNull();
    await userEvent.selectOptions(select, 'ams-1');
    await waitFor(() => expect(moved).toEqual([{ nodeId: 2 }]));
    expect(await screen.findByText('Proxy 1 is now served by ams-1.')).toBeInTheDocument();
  });
});
