import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryRow } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, inventoryRow, postedUrls, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

const bodyOf = (init: RequestInit) => JSON.parse(String(init.body ?? 'null')) as Record<string, unknown> | null;

/** A disable endpoint that answers a dry run with `affected` and records each real call's body. */
function disableApi(inventory: InventoryRow[], affected: number) {
  const calls: (Record<string, unknown> | null)[] = [];
  const fetchMock = consoleApi({
    'GET /api/admin/proxies': () => jsonResponse(200, { success: true, proxies: inventory }),
    'POST /api/admin/proxies/7/disable': (init) => {
      const body = bodyOf(init);
      calls.push(body);
      const dryRun = body?.dryRun === true;
      const replaced = body?.replace === true ? affected : 0;
      return jsonResponse(200, { success: true, id: 7, enabled: dryRun, affectedRentals: affected, replaced, dryRun });
    },
  });
  return { fetchMock, calls };
}

const openDisable = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Disable proxy 7 (192.0.2.7:1080)' }));
  return screen.findByRole('dialog', { name: 'Disable proxy 7 (192.0.2.7:1080)' });
};

describe('disable confirmation', () => {
  it('says how many rentals a disable cuts off before it happens, and offers disable and replace', async () => {
    const { calls } = disableApi([inventoryRow(7, { state: 'rented' })], 1);
    renderApp('/admin/inventory');
    const dialog = await openDisable();
    expect(await within(dialog).findByText('Active rentals that lose access at once: 1.')).toBeInTheDocument();
    // Only the count was asked so far: nothing is disabled until a button says so.
    expect(calls).toEqual([{ dryRun: true }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable and replace' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ replace: true });
    expect(
      await screen.findByText('Proxy 7 disabled. Active rentals affected: 1, moved to a replacement: 1.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a free proxy: says nothing uses it, offers no replacement; Cancel changes nothing', async () => {
    const { fetchMock, calls } = disableApi([inventoryRow(7)], 0);
    renderApp('/admin/inventory');
    let dialog = await openDisable();
    expect(
      await within(dialog).findByText('No active rental uses this proxy: it only leaves the catalogue.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Disable and replace' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.every((body) => body?.dryRun === true)).toBe(true);

    dialog = await openDisable();
    await within(dialog).findByText('No active rental uses this proxy: it only leaves the catalogue.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({}));
    expect(postedUrls(fetchMock).every((url) => url === '/api/admin/proxies/7/disable')).toBe(true);
  });
});
