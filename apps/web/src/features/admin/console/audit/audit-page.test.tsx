import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../../testing/render-app';
import { consoleApi, setupConsoleTests } from '../console-test-utils';

setupConsoleTests();

describe('audit log', () => {
  it('lists operator actions newest first with compact details', async () => {
    consoleApi({
      'GET /api/admin/audit': () =>
        jsonResponse(200, {
          success: true,
          entries: [
            { id: 1, at: '2026-03-01T10:00:00Z', actor: 'cli', action: 'proxies.import', details: { added: 3 } },
            {
              id: 2,
              at: '2026-03-02T10:00:00Z',
              actor: 'admin:5',
              action: 'customers.adjust',
              details: { customerId: 4, amount: -2.5, reason: 'correction' },
            },
          ],
        }),
    });
    renderApp('/admin/audit');
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    const [newest, oldest] = screen.getAllByTestId('audit-row') as [HTMLElement, HTMLElement];
    expect(within(newest).getByText('admin:5')).toBeInTheDocument();
    expect(within(newest).getByText('customers.adjust')).toBeInTheDocument();
    expect(within(newest).getByText('{"customerId":4,"amount":-2.5,"reason":"correction"}')).toBeInTheDocument();
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-03-02T10:00:00Z'),
    );
    expect(within(newest).getByText(when)).toBeInTheDocument();
    expect(within(oldest).getByText('cli')).toBeInTheDocument();
    expect(within(oldest).getByText('{"added":3}')).toBeInTheDocument();
  });

  it('says when nothing was recorded yet', async () => {
    consoleApi({ 'GET /api/admin/audit': () => jsonResponse(200, { success: true, entries: [] }) });
    renderApp('/admin/audit');
    expect(await screen.findByText('No operator actions recorded yet.')).toBeInTheDocument();
  });
});
