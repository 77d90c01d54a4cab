import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
            {
              id: 1,
              at: '2026-03-01T10:00:00Z',
              actor: 'cli',
              operatorId: 1,
              operatorName: 'owner',
              source: 'cli',
              action: 'proxies.import',
              details: { added: 3 },
            },
            {
              id: 2,
              at: '2026-03-02T10:00:00Z',
              actor: 'api',
              operatorId: 5,
              operatorName: 'Fiona',
              source: '203.0.113.9',
              action: 'customers.adjust',
              details: { customerId: 4, amount: -2.5, reason: 'correction' },
            },
          ],
        }),
    });
    renderApp('/admin/audit');
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    const [newest, oldest] = screen.getAllByTestId('audit-row') as [HTMLElement, HTMLElement];
    expect(within(newest).getByText('Fiona')).toBeInTheDocument();
    expect(within(newest).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(newest).getByText('console or API')).toBeInTheDocument();
    expect(within(newest).getByText('customers.adjust')).toBeInTheDocument();
    expect(within(newest).getByText('{"customerId":4,"amount":-2.5,"reason":"correction"}')).toBeInTheDocument();
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-03-02T10:00:00Z'),
    );
    expect(within(newest).getByText(when)).toBeInTheDocument();
    expect(within(oldest).getByText('command line')).toBeInTheDocument();
    expect(within(oldest).getByText('{"added":3}')).toBeInTheDocument();
  });

  it("filters by operator: the server is asked for that operator's rows", async () => {
    const asked: string[] = [];
    const fetchMock = consoleApi({
      'GET /api/admin/operators': () =>
        jsonResponse(200, {
          success: true,
          totpRequired: false,
          operators: [
            {
              id: 1,
              name: 'owner',
              role: 'owner',
              builtin: true,
              totpEnabled: false,
              createdAt: '2026-03-01T00:00:00Z',
              lastLoginAt: null,
            },
            {
              id: 7,
              name: 'Sam',
              role: 'support',
              builtin: false,
              totpEnabled: true,
              createdAt: '2026-03-01T00:00:00Z',
              lastLoginAt: null,
            },
          ],
        }),
      'GET /api/admin/audit': () => jsonResponse(200, { success: true, entries: [] }),
    });
    renderApp('/admin/audit');
    const select = await screen.findByLabelText('Operator');
    await screen.findByRole('option', { name: 'Sam' });
    await userEvent.selectOptions(select, 'Sam');
    await waitFor(() => {
      for (const [input] of fetchMock.mock.calls) asked.push(String(input));
      expect(asked.some((url) => url.endsWith('/api/admin/audit?operatorId=7'))).toBe(true);
    });
  });

  it('says when nothing was recorded yet', async () => {
    consoleApi({ 'GET /api/admin/audit': () => jsonResponse(200, { success: true, entries: [] }) });
    renderApp('/admin/audit');
    expect(await screen.findByText('No operator actions recorded yet.')).toBeInTheDocument();
  });
});
