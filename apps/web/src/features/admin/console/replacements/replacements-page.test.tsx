import { screen, waitFor, within } from '@testing-library/react';
import { AUTO_REPLACE_REASON, DISABLE_REPLACE_REASON, REPLACE_REASONS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

describe('replacements', () => {
  it('lists each replacement with both proxies, the reason and who made it', async () => {
    consoleApi({
      'GET /api/admin/replacements': () =>
        jsonResponse(200, {
          success: true,
          replacements: [
            {
              id: 2,
              user_id: 7,
              rental_id: 11,
              old_proxy_id: 3,
              new_proxy_id: 9,
              old_ip: '198.51.100.3',
              new_ip: '203.0.113.9',
              country: 'DE',
              reason: 'failed_checks',
              automatic: true,
              auto_cap_reached: true,
              at: '2026-03-02T10:00:00Z',
            },
            {
              id: 1,
              user_id: 8,
              rental_id: 12,
              old_proxy_id: 4,
              new_proxy_id: 5,
              old_ip: '198.51.100.4',
              new_ip: '198.51.100.5',
              country: 'FR',
              reason: null,
              automatic: false,
              auto_cap_reached: false,
              at: '2026-03-01T10:00:00Z',
            },
          ],
        }),
    });
    renderApp('/admin/replacements');
    await waitFor(() => expect(screen.getAllByTestId('replacement-row')).toHaveLength(2));
    const [automatic, manual] = screen.getAllByTestId('replacement-row') as [HTMLElement, HTMLElement];
    expect(within(automatic).getByText('3 · 198.51.100.3')).toBeInTheDocument();
    expect(within(automatic).getByText('9 · 203.0.113.9 · DE')).toBeInTheDocument();
    expect(within(automatic).getByText('Failed health checks')).toBeInTheDocument();
    expect(within(automatic).getByText('Automatic')).toBeInTheDocument();
    expect(within(automatic).getByRole('link', { name: '7' })).toHaveAttribute('href', '/admin/customers/7');
    expect(
      within(automatic).getByText('Daily limit reached: no more automatic replacements for this rental today'),
    ).toBeInTheDocument();
    expect(within(manual).queryByText(/Daily limit reached/)).toBeNull();
    expect(within(manual).getByText('Customer')).toBeInTheDocument();
    expect(within(manual).getByText('—')).toBeInTheDocument();
  });

  it('names every reason a replacement records in words, in the reader language', async () => {
    const row = (id: number, reason: string) => ({
      id,
      user_id: 7,
      rental_id: 11,
      old_proxy_id: 3,
      new_proxy_id: 9,
      old_ip: '198.51.100.3',
      new_ip: '203.0.113.9',
      country: 'DE',
      reason,
      automatic: false,
      auto_cap_reached: false,
      at: '2026-03-02T10:00:00Z',
    });
    const reasons = [...REPLACE_REASONS, AUTO_REPLACE_REASON, DISABLE_REPLACE_REASON];
    consoleApi({
      'GET /api/admin/replacements': () =>
        jsonResponse(200, { success: true, replacements: reasons.map((reason, index) => row(index + 1, reason)) }),
    });
    renderApp('/admin/replacements');
    await waitFor(() => expect(screen.getAllByTestId('replacement-row')).toHaveLength(reasons.length));
    const shown = screen.getAllByTestId('replacement-row').map((tr) => tr.querySelectorAll('td')[5]?.textContent);
    expect(shown).toEqual([
      'Not working',
      'Wrong location',
      'Slow',
      'Failed health checks',
      'Proxy disabled by an operator',
    ]);
  });

  it('says when there were none', async () => {
    consoleApi({ 'GET /api/admin/replacements': () => jsonResponse(200, { success: true, replacements: [] }) });
    renderApp('/admin/replacements');
    expect(await screen.findByText('No replacements yet.')).toBeInTheDocument();
  });
});
