import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { historyRecord } from '../../../../test/fixtures';
import { inEnglish, jsonResponse, mockFetch, narrowScreen, renderApp } from '../../../../test/render-app';

inEnglish('rentals');

describe('history on a phone', () => {
  it('shows each rental as a card with its actions, no table', async () => {
    narrowScreen();
    mockFetch((path) => {
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 20 });
      if (path === '/api/proxy/history')
        return jsonResponse(200, {
          success: true,
          history: [historyRecord(3, { note: 'shop A' }), historyRecord(4, { status: 'expired' })],
        });
      return jsonResponse(200, { success: true, transactions: [], usage: [] });
    });
    renderApp('/history', { apiKey: 'px_test' });

    const cards = await screen.findAllByTestId('history-row');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [working, ended] = cards as [HTMLElement, HTMLElement];
    expect(working.tagName).toBe('LI');
    expect(within(working).getByText('Connected')).toBeInTheDocument();
    expect(within(working).getByText('shop A')).toBeInTheDocument();
    for (const name of ['Manage proxy 3', 'Extend proxy 3', 'Refund proxy 3']) {
      expect(within(working).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(ended).queryByRole('button', { name: 'Extend proxy 4' })).not.toBeInTheDocument();
    // Date and time are two unbreakable pieces, not a sentence wrapping word by word.
    const end = within(working).getByTestId('end-time');
    expect(end.querySelectorAll('span.whitespace-nowrap')).toHaveLength(2);

    await userEvent.click(within(working).getByRole('button', { name: 'Manage proxy 3' }));
    expect(await screen.findByRole('dialog', { name: 'Proxy 3' })).toBeInTheDocument();
  });

  it('an empty history with no funds leads to adding funds and to what is in stock', async () => {
    mockFetch((path) => {
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 0 });
      return jsonResponse(200, { success: true, history: [] });
    });
    renderApp('/history', { apiKey: 'px_test' });
    expect(await screen.findByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/payment');
    expect(screen.getByRole('link', { name: 'What is in stock' })).toHaveAttribute('href', '/stock');
  });
});
