import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueProxy } from '../../../../test/fixtures';
import { inEnglish, jsonResponse, mockFetch, narrowScreen, renderApp } from '../../../../test/render-app';
import { forgetCatalogueCache } from '../api/get-catalogue';

inEnglish('rentals');
beforeEach(() => forgetCatalogueCache());

const STOCK = [
  { country: 'DE', type: 'mobile', count: 3, day_price_from: 0.45 },
  { country: 'US', type: 'datacenter', count: 1, day_price_from: 0.75 },
  { country: 'US', type: 'mobile', count: 2, day_price_from: 0.6 },
];

function server(wallet: number) {
  const proxies = [
    catalogueProxy(1, { type: 'mobile', protocol: 'SOCKS5', ipqualityscore: 0 }),
    catalogueProxy(2, { type: 'datacenter', protocol: 'HTTP', ipqualityscore: 40 }),
  ];
  return mockFetch((path) => {
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet });
    if (path === '/api/proxy/sumid') return jsonResponse(200, { success: true, sumid: 's-1' });
    if (path === '/api/proxy/stock') return jsonResponse(200, { success: true, stock: STOCK });
    if (path === '/api/proxy/list')
      return wallet > 0
        ? jsonResponse(200, { success: true, proxies })
        : jsonResponse(200, {
            success: false,
            status: 'not enough',
            message: 'You need to add funds to access proxies',
          });
    return jsonResponse(200, { success: true, history: [] });
  });
}

describe('a catalogue that sells', () => {
  it('shows the type and the price of a day in every row, and filters by type', async () => {
    server(20);
    renderApp('/proxy', { apiKey: 'px_test' });
    const rows = await screen.findAllByTestId('proxy-row');
    expect(rows).toHaveLength(2);
    const [mobile, datacenter] = rows as [HTMLElement, HTMLElement];
    expect(within(mobile).getByText('Mobile')).toBeInTheDocument();
    // Every rental is served over each of the gateway's protocols: a row names none of them.
    expect(within(mobile).queryByText('SOCKS5')).toBeNull();
    // A day is $0.75, less the fraud-score discount: score 40 takes 20% off.
    expect(within(mobile).getByTestId('day-price')).toHaveTextContent('$0.75');
    expect(within(datacenter).getByText('Datacenter')).toBeInTheDocument();
    expect(within(datacenter).getByTestId('day-price')).toHaveTextContent('$0.60');

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Datacenter');
    await waitFor(() => expect(screen.getAllByTestId('proxy-row')).toHaveLength(1));
    expect(screen.getByRole('checkbox', { name: 'Select proxy 2' })).toBeInTheDocument();
  });

  it('shows a customer with $0 what is for sale with prices, beside the way to add funds', async () => {
    server(0);
    renderApp('/proxy', { apiKey: 'px_test' });
    expect(await screen.findByRole('heading', { name: '6 proxies for sale' })).toBeInTheDocument();
    // One line per country: its types, how many, and the cheapest day.
    const groups = screen.getAllByTestId('stock-group');
    expect(groups.map((group) => group.textContent)).toEqual([
      'Germany3 freeMobilefrom $0.45 / day',
      'United States3 freeMobile, Datacenterfrom $0.60 / day',
    ]);
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Add funds' })).toHaveAttribute(
      'href',
      '/payment',
    );
  });

  it('shows a visitor the stock on /stock with the way to sign up', async () => {
    server(0);
    renderApp('/stock');
    expect(await screen.findByRole('heading', { name: 'What is in stock', level: 1 })).toBeInTheDocument();
    expect(await screen.findAllByTestId('stock-group')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Get your API key' })).toHaveAttribute('href', '/signup');
  });

  it('on a phone folds the filters away and sorts the cards from a menu', async () => {
    narrowScreen();
    server(20);
    renderApp('/proxy', { apiKey: 'px_test' });
    expect(await screen.findAllByTestId('proxy-row')).toHaveLength(2);
    const filters = screen.getByText('Filters', { selector: 'summary' }).closest('details')!;
    expect(filters).not.toHaveAttribute('open');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Fraud score ↓');
    // Proxy 2 (score 40) before proxy 1 (score 0): the cheapest day first.
    await waitFor(() =>
      expect(screen.getAllByTestId('day-price').map((price) => price.textContent)).toEqual([
        '$0.60 / day',
        '$0.75 / day',
      ]),
    );
    await userEvent.click(screen.getByText('Filters', { selector: 'summary' }));
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Mobile');
    expect(await screen.findByText('Filters (1)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('proxy-row')).toHaveLength(1));
  });
});
