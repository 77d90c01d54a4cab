import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, setupConsoleTests, teamMember } from '../../../../../test/console';

setupConsoleTests();

describe('audit log', () => {
  it('lists operator actions newest first as sentences, with what was recorded beside them', async () => {
    consoleApi({
      'GET /api/admin/audit': () =>
        jsonResponse(200, {
          success: true,
          entries: [
            {
              id: 2,
              at: '2026-03-02T10:00:00Z',
              actor: 'api',
              operatorId: 5,
              operatorName: 'Fiona',
              source: '203.0.113.9',
              action: 'customers.adjust',
              details: { customerId: 4, amount: -2.5, reason: 'correction' },
              count: 1,
            },
            {
              id: 1,
              at: '2026-03-01T10:00:00Z',
              actor: 'cli',
              operatorId: 1,
              operatorName: 'owner',
              source: 'cli',
              action: 'proxies.import',
              details: { added: 3, firstId: 10, lastId: 12, duplicates: 0 },
              count: 1,
            },
          ],
          nextCursor: null,
        }),
    });
    renderApp('/admin/audit');
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    const [newest, oldest] = screen.getAllByTestId('audit-row') as [HTMLElement, HTMLElement];
    expect(within(newest).getByText('Fiona')).toBeInTheDocument();
    expect(within(newest).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(newest).getByText('console or API')).toBeInTheDocument();
    expect(within(newest).getByTestId('audit-sentence')).toHaveTextContent(
      'Fiona took $2.50 from the balance of customer 4: “correction”.',
    );
    expect(within(newest).getByText('customers.adjust')).toBeInTheDocument();
    expect(within(newest).getByText('{"customerId":4,"amount":-2.5,"reason":"correction"}')).toBeInTheDocument();
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-03-02T10:00:00Z'),
    );
    expect(within(newest).getByText(when)).toBeInTheDocument();
    expect(within(oldest).getByText('command line')).toBeInTheDocument();
    expect(within(oldest).getByTestId('audit-sentence')).toHaveTextContent(
      'owner imported 3 proxies (ids 10 to 12); already in stock: 0.',
    );
  });

  it("filters by operator: the server is asked for that operator's rows", async () => {
    const asked: string[] = [];
    const fetchMock = consoleApi({
      'GET /api/admin/operators': () =>
        jsonResponse(200, {
          success: true,
          totpRequired: false,
          operators: [
            teamMember(),
            teamMember({ id: 7, name: 'Sam', role: 'support', builtin: false, totpEnabled: true }),
          ],
        }),
      'GET /api/admin/audit': () => jsonResponse(200, { success: true, entries: [], nextCursor: null }),
    });
    renderApp('/admin/audit');
    const select = await screen.findByLabelText('Operator');
    await screen.findByRole('option', { name: 'Sam' });
    await userEvent.selectOptions(select, 'Sam');
    await waitFor(() => {
      for (const [input] of fetchMock.mock.calls) asked.push(String(input));
      expect(asked.some((url) => url.endsWith('/api/admin/audit?operatorId=7&limit=100'))).toBe(true);
    });
  });

  it('shows a flood as one row with its count, and loads older rows with the cursor', async () => {
    const row = (id: number, action: string, count = 1) => ({
      id,
      at: '2026-03-02T10:00:00Z',
      actor: 'api',
      operatorId: null,
      operatorName: null,
      source: '203.0.113.9',
      action,
      details: {},
      count,
    });
    const fetchMock = consoleApi({
      'GET /api/admin/audit': () => {
        const url = String(fetchMock.mock.calls.at(-1)?.[0] ?? '');
        return url.includes('cursor=1001')
          ? jsonResponse(200, { success: true, entries: [row(7, 'proxies.disable')], nextCursor: null })
          : jsonResponse(200, { success: true, entries: [row(1001, 'admin.login_failed', 500)], nextCursor: '1001' });
      },
    });
    renderApp('/admin/audit');
    const flood = await screen.findByText('Someone failed to sign in with a wrong secret code (500 attempts).');
    expect(within(flood.closest('tr') as HTMLElement).getByText('×500')).toBeInTheDocument();
    expect(screen.queryByText('proxies.disable')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('proxies.disable')).toBeInTheDocument();
    expect(screen.getAllByTestId('audit-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it('asks the server for an action and a time range; refuses an action it would refuse', async () => {
    const fetchMock = consoleApi({
      'GET /api/admin/audit': () => jsonResponse(200, { success: true, entries: [], nextCursor: null }),
    });
    renderApp('/admin/audit');
    const action = await screen.findByLabelText('Action');
    await userEvent.type(action, 'DROP TABLE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('An action looks like proxies.disable, or proxies for all of them.'),
    ).toBeInTheDocument();
    await userEvent.clear(action);
    await userEvent.type(action, 'proxies.max-connections');
    await userEvent.type(screen.getByLabelText('From'), '2026-03-01T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const from = encodeURIComponent(new Date('2026-03-01T10:00').toISOString());
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([input]) => String(input));
      expect(urls).toContain(`/api/admin/audit?action=proxies.max-connections&from=${from}&limit=100`);
    });
  });

  it('refuses a range whose end comes before its start, beside the To field', async () => {
    const fetchMock = consoleApi({
      'GET /api/admin/audit': () => jsonResponse(200, { success: true, entries: [], nextCursor: null }),
    });
    renderApp('/admin/audit');
    const from = await screen.findByLabelText('From');
    await userEvent.type(from, '2026-03-02T10:00');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-01T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('“To” cannot be earlier than “From”.');
    expect(screen.getByLabelText('To')).toBeInvalid();
    expect(fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('from='))).toEqual([]);
  });

  it('says that the filters hide everything, not that nothing was recorded', async () => {
    consoleApi({ 'GET /api/admin/audit': () => jsonResponse(200, { success: true, entries: [], nextCursor: null }) });
    renderApp('/admin/audit');
    expect(await screen.findByText('No operator actions recorded yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Action'), 'giftcards');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No actions match these filters.')).toBeInTheDocument();
    // Kept in view while the table scrolls sideways on a phone.
    expect(screen.getByTestId('empty-row-text')).toHaveClass('sticky');
    expect(screen.queryByText('No operator actions recorded yet.')).toBeNull();
  });

  it('says when nothing was recorded yet', async () => {
    consoleApi({ 'GET /api/admin/audit': () => jsonResponse(200, { success: true, entries: [], nextCursor: null }) });
    renderApp('/admin/audit');
    expect(await screen.findByText('No operator actions recorded yet.')).toBeInTheDocument();
  });
});
