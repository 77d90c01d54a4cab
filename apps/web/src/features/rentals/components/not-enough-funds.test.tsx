import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  const i18n = await initI18n('ru');
  await i18n.loadNamespaces('rentals');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the catalogue of an empty wallet, in Russian', () => {
  it('says "add funds" in Russian in the panel and the toast, not in the server\'s English', async () => {
    mockFetch((path) => {
      if (path === '/api/proxy/list')
        return jsonResponse(200, {
          success: false,
          status: 'not enough',
          message: 'You need to add funds to access proxies',
        });
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 0 });
      return jsonResponse(200, { success: true, sumid: 's' });
    });
    renderApp('/proxy', { apiKey: 'px_test' });
    const panel = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(panel).getByText('Недостаточно средств')).toBeInTheDocument();
    expect(await screen.findAllByText('Пополните баланс, чтобы получить доступ к прокси')).toHaveLength(2);
    expect(screen.queryByText('You need to add funds to access proxies')).not.toBeInTheDocument();
  });

  it("keeps the stock cards inside a phone's width: the grid's one column may shrink, and names wrap", async () => {
    mockFetch((path) => {
      if (path === '/api/proxy/list')
        return jsonResponse(200, { success: false, status: 'not enough', message: 'No funds' });
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 0 });
      if (path === '/api/proxy/stock')
        return jsonResponse(200, {
          success: true,
          stock: [{ country: 'GB', type: 'residential', count: 12, day_price_from: 0.75 }],
        });
      return jsonResponse(200, { success: true, sumid: 's' });
    });
    renderApp('/proxy', { apiKey: 'px_test' });
    const card = await screen.findByTestId('stock-group', {}, { timeout: 15_000 });
    expect(screen.getByTestId('stock')).toHaveClass('grid-cols-1');
    expect(card).toHaveClass('min-w-0');
    const name = within(card).getByText('Великобритания');
    expect(name).not.toHaveClass('truncate');
    expect(name).toHaveClass('min-w-0', 'break-words');
  });
});
