import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  const i18n = await initI18n('en');
  await i18n.loadNamespaces(['payments', 'rentals']);
});
afterEach(() => vi.restoreAllMocks());

describe('wallet activity', () => {
  it('explains the balance; a redeemed gift card appears at once with its amount', async () => {
    let wallet = 4.25;
    const activity = [
      { date: '2026-11-20T10:05:00Z', kind: 'purchase', amount: -0.75, balance: 4.25 },
      { date: '2026-11-20T10:00:00Z', kind: 'giftcard', amount: 5, balance: 5 },
    ];
    mockFetch((path) => {
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet });
      if (path === '/api/wallet/activity') return jsonResponse(200, { success: true, activity });
      if (path === '/api/payments/giftcard') {
        wallet += 10;
        activity.unshift({ date: '2026-11-21T09:00:00Z', kind: 'giftcard', amount: 10, balance: wallet });
        return jsonResponse(200, { success: true, amount: 10, message: 'ok' });
      }
      if (path === '/api/payments/services') return jsonResponse(200, { success: true, services: ['BTC'] });
      return jsonResponse(200, { success: true, payments: [], transactions: [] });
    });
    renderApp('/payment', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Wallet activity' }));
    const rows = await screen.findAllByTestId('activity-row');
    expect(
      rows.map((row) => [
        row.querySelector('td span')?.textContent,
        ...[...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent),
      ]),
    ).toEqual([
      ['Proxy purchase', '−$0.75', '$4.25'],
      ['Gift card', '+$5.00', '$5.00'],
    ]);

    await userEvent.type(screen.getByLabelText('Gift card code'), 'ABCD-EFGH');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(3));
    const [newest] = screen.getAllByTestId('activity-row');
    expect(within(newest!).getByText('+$10.00')).toBeInTheDocument();
    expect(within(newest!).getByText('$14.25')).toBeInTheDocument();
  });
});
