import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, inventoryRow, postedUrls, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

describe("a proxy's connections per rental in the inventory", () => {
  it('saves a number, empty for the default, and refuses what is not a whole number', async () => {
    const bodies: unknown[] = [];
    const fetchMock = consoleApi({
      'GET /api/admin/proxies': () =>
        jsonResponse(200, { success: true, proxies: [inventoryRow(4, { maxConnections: 10 })] }),
      'POST /api/admin/proxies/4/max-connections': (init) => {
        const body = JSON.parse(String(init.body)) as { maxConnections: number | null };
        bodies.push(body);
        return jsonResponse(200, { success: true, id: 4, maxConnections: body.maxConnections });
      },
    });
    renderApp('/admin/inventory');
    const input = await screen.findByRole('textbox', { name: /Connections per rental of proxy 4/ });
    expect(input).toHaveValue('10');
    const save = within(input.closest('form')!).getByRole('button', { name: 'Save' });

    await userEvent.clear(input);
    await userEvent.type(input, '2.5');
    await userEvent.click(save);
    expect(await screen.findByText(/A whole number from 0 to 100,?000/)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(postedUrls(fetchMock)).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.click(save);
    await waitFor(() => expect(bodies).toEqual([{ maxConnections: 0 }]));
    expect(await screen.findByText('unlimited')).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.click(save);
    await waitFor(() => expect(bodies).toEqual([{ maxConnections: 0 }, { maxConnections: null }]));
  });

  it("shows how many addresses a rented proxy's rental was used from, and saves its own address limit", async () => {
    const bodies: unknown[] = [];
    consoleApi({
      'GET /api/admin/proxies': () =>
        jsonResponse(200, { success: true, proxies: [inventoryRow(5, { state: 'rented', sourceIps: 3 })] }),
      'POST /api/admin/proxies/5/max-source-ips': (init) => {
        const body = JSON.parse(String(init.body)) as { maxSourceIps: number | null };
        bodies.push(body);
        return jsonResponse(200, { success: true, id: 5, maxSourceIps: body.maxSourceIps });
      },
    });
    renderApp('/admin/inventory');
    const input = await screen.findByRole('textbox', { name: /Client addresses per rental of proxy 5/ });
    expect(screen.getByText('3 in use')).toBeInTheDocument();
    expect(input).toHaveValue('');
    await userEvent.type(input, '2');
    await userEvent.click(within(input.closest('form')!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toEqual([{ maxSourceIps: 2 }]));
  });
});
