import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueProxy } from '../../../../test/fixtures';
import { inEnglish, jsonResponse, mockFetch, narrowScreen, renderApp } from '../../../../test/render-app';
import { forgetCatalogueCache } from '../api/get-catalogue';

inEnglish('rentals');
beforeEach(() => forgetCatalogueCache());

function server() {
  const proxies = [
    catalogueProxy(1, { ipqualityscore: 83, udp: true }),
    catalogueProxy(2, { ipqualityscore: 12, udp: false }),
    catalogueProxy(3, { ipqualityscore: 0, udp: null }),
  ];
  mockFetch((path) => {
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 20 });
    if (path === '/api/proxy/sumid') return jsonResponse(200, { success: true, sumid: 's-1' });
    if (path === '/api/proxy/list') return jsonResponse(200, { success: true, proxies });
    return jsonResponse(200, { success: true, history: [] });
  });
}

describe('the catalogue on a phone', () => {
  it('names the fraud score and spells out UDP on every card, not only for screen readers', async () => {
    narrowScreen();
    server();
    renderApp('/proxy', { apiKey: 'px_test' });
    const cards = await screen.findAllByTestId('proxy-row', {}, { timeout: 15_000 });
    expect(cards).toHaveLength(3);
    // Cards, not the table: there are no column headers to explain the figures.
    expect(screen.queryByRole('columnheader')).toBeNull();
    const [withUdp, withoutUdp, unchecked] = cards as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(withUdp).getByText('Fraud score')).toBeVisible();
    expect(within(withUdp).getByRole('meter', { name: 'Fraud score' })).toHaveAttribute('aria-valuenow', '83');
    expect(within(withUdp).getByText('83')).toBeVisible();
    expect(within(withUdp).getByText('UDP passes')).toBeVisible();
    expect(within(withoutUdp).getByText('No UDP')).toBeVisible();
    expect(within(unchecked).getByText('UDP not checked yet')).toBeVisible();
    // No bare dash stands in for the answer any more.
    for (const card of cards) expect(within(card).queryByText('—')).toBeNull();
  });
});
