import { STORAGE_KEYS } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { catalogueProxy, historyRecord } from '../../../../test/fixtures';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';
import { forgetStorefrontFacts } from '../../../lib/storefront-facts';
import { forgetCatalogueCache } from '../api/get-catalogue';

beforeAll(async () => {
  const i18n = await initI18n('en');
  await i18n.loadNamespaces('rentals');
});
beforeEach(() => {
  forgetCatalogueCache();
  forgetStorefrontFacts();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const list = (count: number) => Array.from({ length: count }, (_, index) => catalogueProxy(index + 1));

function server({
  proxies = list(3),
  sumid = 's-1',
  wallet = 50,
  buy,
  protocols,
}: {
  proxies?: unknown[];
  sumid?: string | (() => string);
  wallet?: number;
  buy?: (body: { id: number; hours: string }) => Response;
  /** What GET /api/storefront says the gateway serves. */
  protocols?: string[];
} = {}) {
  return mockFetch((path, init) => {
    if (path === '/api/storefront' && protocols)
      return jsonResponse(200, {
        success: true,
        stock: { free: 3, lowestHourCents: 8, countries: 1, types: [{ type: 'mobile', percent: 100 }], udpPercent: 0 },
        protocols,
        rules: {
          maxConnections: 0,
          maxSourceIps: 5,
          sourceWindowHours: 24,
          blockedPorts: [25],
          refundUnavailableHours: 2,
          refundRequestHours: 5,
        },
      });
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet });
    if (path === '/api/proxy/sumid')
      return jsonResponse(200, { success: true, sumid: typeof sumid === 'string' ? sumid : sumid() });
    if (path === '/api/proxy/list') return jsonResponse(200, { success: true, proxies });
    if (path === '/api/proxy/history') return jsonResponse(200, { success: true, history: [] });
    if (path === '/api/proxy/buy' && buy) return buy(JSON.parse(String(init.body)) as { id: number; hours: string });
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path).length;

describe('catalogue', () => {
  it('shows counts and pages of 100 rows, Previous/Next at top and bottom', async () => {
    server({ proxies: list(250) });
    renderApp('/proxy', { apiKey: 'px_test' });
    // 250 rows take well over findBy's default second in jsdom while other suites share the CPU.
    expect(
      await screen.findByText('Total: 250 · Filtered: 250 · Page 1 of 3', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('proxy-row')).toHaveLength(100);
    const top = screen.getByRole('navigation', { name: 'Pages (top)' });
    expect(within(top).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Pages (bottom)' })).getByRole('button', { name: 'Next' }),
    );
    await userEvent.click(within(top).getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Total: 250 · Filtered: 250 · Page 3 of 3')).toBeInTheDocument();
    expect(screen.getAllByTestId('proxy-row')).toHaveLength(50);
    expect(within(top).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('a filter change returns to page 1 and narrows the counts; country names are localised', async () => {
    const proxies = [...list(150), catalogueProxy(151, { country: 'DE', region: 'Berlin', city: 'Berlin' })];
    server({ proxies });
    renderApp('/proxy', { apiKey: 'px_test' });
    await screen.findByText(/Total: 151/);
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Pages (top)' })).getByRole('button', { name: 'Next' }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Germany');
    await waitFor(() =>
      expect(screen.getByTestId('catalogue-counts')).toHaveTextContent('Total: 151 · Filtered: 1 · Page 1 of 1'),
    );
    expect(
      within(screen.getByLabelText('Region'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Berlin']);
  });

  it('the protocol filter offers only the protocols the gateway serves: HTTPS only with its TLS port', async () => {
    const offered = () =>
      within(screen.getByLabelText('Protocol'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    server({ protocols: ['SOCKS5', 'SOCKS4', 'HTTP'] });
    const first = renderApp('/proxy', { apiKey: 'px_test' });
    await screen.findAllByTestId('proxy-row');
    await waitFor(() => expect(offered()).toEqual(['All', 'SOCKS5', 'SOCKS4', 'HTTP']));
    first.unmount();

    forgetStorefrontFacts();
    server({ protocols: ['SOCKS5', 'SOCKS4', 'HTTP', 'HTTPS'] });
    renderApp('/proxy', { apiKey: 'px_test' });
    await screen.findAllByTestId('proxy-row');
    await waitFor(() => expect(offered()).toEqual(['All', 'SOCKS5', 'SOCKS4', 'HTTP', 'HTTPS']));
    // Every proxy is reached over each of them, whatever its upstream speaks.
    await userEvent.selectOptions(screen.getByLabelText('Protocol'), 'HTTPS');
    expect(screen.getAllByTestId('proxy-row')).toHaveLength(3);
  });

  it('marks proxies UDP passes through, and the UDP filter keeps only those', async () => {
    const proxies = [
      catalogueProxy(1, { udp: true }),
      catalogueProxy(2, { udp: false }),
      catalogueProxy(3, { udp: null }),
      catalogueProxy(4, { udp: true }),
    ];
    server({ proxies });
    renderApp('/proxy', { apiKey: 'px_test' });
    const rows = await screen.findAllByTestId('proxy-row');
    expect(within(rows[0]!).getByTitle('UDP passes')).toBeInTheDocument();
    expect(within(rows[1]!).getByTitle('No UDP')).toBeInTheDocument();
    expect(within(rows[2]!).getByTitle('UDP not checked yet')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('UDP'), 'With UDP');
    await waitFor(() =>
      expect(screen.getByTestId('catalogue-counts')).toHaveTextContent('Total: 4 · Filtered: 2 · Page 1 of 1'),
    );
    expect(screen.getAllByTestId('proxy-row').map((row) => row.children[1]?.textContent)).toEqual(['1', '4']);
  });

  it('row click toggles selection; Buy selected shows the count and is disabled at zero', async () => {
    server();
    renderApp('/proxy', { apiKey: 'px_test' });
    const rows = await screen.findAllByTestId('proxy-row');
    expect(screen.getByRole('button', { name: 'Buy selected (0)' })).toBeDisabled();
    await userEvent.click(rows[0]!);
    await userEvent.click(rows[1]!);
    expect(screen.getByRole('button', { name: 'Buy selected (2)' })).toBeEnabled();
    await userEvent.click(rows[0]!);
    expect(screen.getByRole('button', { name: 'Buy selected (1)' })).toBeEnabled();
  });

  it('sorts after 100 ms: the same column toggles asc/desc', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const proxies = [
      catalogueProxy(1, { city: 'Berlin' }),
      catalogueProxy(2, { city: '' }),
      catalogueProxy(3, { city: 'Austin' }),
    ];
    server({ proxies });
    renderApp('/proxy', { apiKey: 'px_test' });
    await screen.findAllByTestId('proxy-row');
    const ids = () => screen.getAllByTestId('proxy-row').map((row) => row.children[1]?.textContent);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: /City/ }));
    expect(ids()).toEqual(['1', '2', '3']);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(ids()).toEqual(['3', '1', '2']);
    await user.click(screen.getByRole('button', { name: /City/ }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(ids()).toEqual(['1', '3', '2']);
  });

  it('refresh forces a reload and counts down a 20 s cooldown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = server();
    renderApp('/proxy', { apiKey: 'px_test' });
    await screen.findAllByTestId('proxy-row');
    expect(calls(fetchMock, '/api/proxy/list')).toBe(1);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls(fetchMock, '/api/proxy/list')).toBe(2));
    expect(screen.getByRole('button', { name: /Refresh \(\d+ s\)/ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByRole('button', { name: /Refresh \(1\d s\)|Refresh \(9 s\)/ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('asks the sumid every 30 s; an unchanged sumid uses the cache, a changed one reloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let sumid = 's-1';
    const fetchMock = server({ sumid: () => sumid });
    renderApp('/proxy', { apiKey: 'px_test' });
    await screen.findAllByTestId('proxy-row');
    expect(localStorage.getItem(STORAGE_KEYS.sumid)).toBe('s-1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.proxyList) ?? '[]')).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(calls(fetchMock, '/api/proxy/sumid')).toBe(2));
    expect(calls(fetchMock, '/api/proxy/list')).toBe(1);
    sumid = 's-2';
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(calls(fetchMock, '/api/proxy/list')).toBe(2));
    expect(localStorage.getItem(STORAGE_KEYS.sumid)).toBe('s-2');
  });

  it('a cached list with the same sumid is used without loading the list', async () => {
    localStorage.setItem(STORAGE_KEYS.sumid, 's-1');
    localStorage.setItem(STORAGE_KEYS.proxyList, JSON.stringify(list(7)));
    const fetchMock = server();
    renderApp('/proxy', { apiKey: 'px_test' });
    expect(await screen.findByText(/Total: 7/)).toBeInTheDocument();
    expect(calls(fetchMock, '/api/proxy/list')).toBe(0);
  });

  it('a list too large for storage still shows', async () => {
    const original = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === STORAGE_KEYS.proxyList) throw new DOMException('full', 'QuotaExceededError');
      original.call(this, key, value);
    });
    server();
    renderApp('/proxy', { apiKey: 'px_test' });
    expect(await screen.findByText(/Total: 3/)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.proxyList)).toBeNull();
  });

  it('"not enough" shows the Insufficient funds panel with Add funds and the warning', async () => {
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
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Insufficient funds')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/payment');
    expect(await screen.findAllByText('You need to add funds to access proxies')).toHaveLength(2);
  });

  it('with a balance at or below zero, Buy warns and goes to /payment after 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server({ wallet: 0 });
    const { router } = renderApp('/proxy', { apiKey: 'px_test' });
    await screen.findAllByTestId('proxy-row');
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$0.00'));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Buy proxy 1' }));
    expect(
      await screen.findByText('Insufficient balance. You need to add funds to your account to buy proxies.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/proxy');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(router.state.location.pathname).toBe('/payment');
  });
});

describe('purchase', () => {
  it('row Buy selects only that row; totals follow the shared price; buys in sequence and opens the status dialog', async () => {
    const bought: number[] = [];
    const proxies = [catalogueProxy(1, { ipqualityscore: 0 }), catalogueProxy(2, { ipqualityscore: 100 })];
    const fetchMock = server({
      proxies,
      buy: ({ id, hours }) => {
        bought.push(id);
        expect(hours).toBe('24');
        return jsonResponse(200, { success: true, message: 'ok', wallet: 48.87 });
      },
    });
    renderApp('/proxy', { apiKey: 'px_test' });
    const rows = await screen.findAllByTestId('proxy-row');
    await userEvent.click(rows[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Buy proxy 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy proxies' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(rows[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Buy selected (2)' }));
    const purchase = await screen.findByRole('dialog', { name: 'Buy proxies' });
    // A day to start with, the lifetime the shop states: 0.75 at score 0 plus 0.375 -> 0.38 at score 100.
    expect(within(purchase).getByRole('button', { name: '1 day' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(purchase).getByTestId('purchase-total-hours')).toHaveTextContent('24 h');
    expect(within(purchase).getByTestId('purchase-total-price')).toHaveTextContent('$1.13');
    await userEvent.clear(within(purchase).getByLabelText('Days'));
    expect(within(purchase).getByLabelText('Hours')).toHaveValue(1);
    // 1 hour: 0.15 at score 0 plus 0.075 -> 0.08 at score 100.
    expect(within(purchase).getByTestId('purchase-total-price')).toHaveTextContent('$0.23');
    await userEvent.type(within(purchase).getByLabelText('Days'), '1');
    await userEvent.clear(within(purchase).getByLabelText('Hours'));
    expect(within(purchase).getByTestId('purchase-total-hours')).toHaveTextContent('24 h');
    // 0.75 at score 0 plus 0.375 -> 0.38 at score 100.
    expect(within(purchase).getByTestId('purchase-total-price')).toHaveTextContent('$1.13');
    await userEvent.click(within(purchase).getByRole('button', { name: 'Confirm purchase' }));

    expect(await screen.findByText('Proxies successfully bought')).toBeInTheDocument();
    expect(bought).toEqual([1, 2]);
    expect(await screen.findByRole('dialog', { name: 'Purchased proxies' })).toBeInTheDocument();
    // The status dialog is modal, so the page behind it is hidden from the accessibility tree.
    expect(screen.getByRole('button', { name: 'Buy selected (0)', hidden: true })).toBeDisabled();
    expect(calls(fetchMock, '/api/proxy/buy')).toBe(2);
  });

  it('more than a year at once is refused before asking the server', async () => {
    server();
    renderApp('/proxy', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy proxy 1' }));
    const purchase = await screen.findByRole('dialog', { name: 'Buy proxies' });
    await userEvent.type(within(purchase).getByLabelText('Months'), '13');
    expect(within(purchase).getByRole('alert')).toHaveTextContent(
      'At most 8760 hours (one year) per purchase or extension.',
    );
    expect(within(purchase).getByRole('button', { name: 'Confirm purchase' })).toBeDisabled();
  });

  it('the first failure stops the rest with "Error buying proxy {id}: {message}"', async () => {
    const bought: number[] = [];
    server({
      buy: ({ id }) => {
        bought.push(id);
        return id === 2
          ? jsonResponse(409, {
              success: false,
              error: 'This proxy is already rented by another customer',
              code: 'PROXY_ALREADY_RENTED',
            })
          : jsonResponse(200, { success: true, message: 'ok', wallet: 10 });
      },
    });
    renderApp('/proxy', { apiKey: 'px_test' });
    const rows = await screen.findAllByTestId('proxy-row');
    for (const row of rows) await userEvent.click(row);
    await userEvent.click(screen.getByRole('button', { name: 'Buy selected (3)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm purchase' }));
    expect(
      await screen.findByText('Error buying proxy 2: This proxy is already rented by another customer'),
    ).toBeInTheDocument();
    expect(bought).toEqual([1, 2]);
  });
});

describe('activation status polling', () => {
  it('polls the history after 2 s, then every 5 s, until every proxy is connected', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let historyCalls = 0;
    // The header's auto-renew warning reads the history too: the proxy connects on the third poll.
    let connectAt = Number.POSITIVE_INFINITY;
    mockFetch((path) => {
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 50 });
      if (path === '/api/proxy/sumid') return jsonResponse(200, { success: true, sumid: 's' });
      if (path === '/api/proxy/list') return jsonResponse(200, { success: true, proxies: list(1) });
      if (path === '/api/proxy/buy') return jsonResponse(200, { success: true, message: 'ok', wallet: 49 });
      if (path === '/api/proxy/history') {
        historyCalls += 1;
        const status = historyCalls >= connectAt ? 'connected' : 'waiting_up';
        return jsonResponse(200, { success: true, history: [historyRecord(1, { status })] });
      }
      return jsonResponse(404, { success: false, error: 'Not found' });
    });
    renderApp('/proxy', { apiKey: 'px_test' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Buy proxy 1' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm purchase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Purchased proxies' });
    const start = historyCalls;
    connectAt = start + 3;
    expect(within(dialog).getByText('Waiting')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(historyCalls).toBe(start);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(historyCalls).toBe(start + 1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(historyCalls).toBe(start + 2));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(historyCalls).toBe(start + 3));
    expect(await within(dialog).findByText('Connected')).toBeInTheDocument();
    expect(within(dialog).getByText('gw.example:1080:u1:secret')).toBeInTheDocument();
    const settled = historyCalls;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(historyCalls).toBe(settled);
  });
});

describe('catalogue errors', () => {
  it('an answer that is not a list says "Invalid proxy list response"; a failed load says why', async () => {
    let answer: () => Response = () => jsonResponse(200, { success: true, proxies: 'lots' });
    mockFetch((path) => {
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 5 });
      if (path === '/api/proxy/sumid') return jsonResponse(200, { success: true, sumid: 's' });
      if (path === '/api/proxy/list') return answer();
      return jsonResponse(404, { success: false, error: 'Not found' });
    });
    renderApp('/proxy', { apiKey: 'px_test' });
    expect(await screen.findByText('Invalid proxy list response')).toBeInTheDocument();
    answer = () => jsonResponse(500, { success: false, error: 'Server error', code: 'INTERNAL' });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to load proxy list: Server error')).toBeInTheDocument();
  });
});

describe('catalogue answers that are not JSON', () => {
  it('a list answer that is not JSON says "Failed to load proxy list: Invalid response"', async () => {
    mockFetch((path) => {
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 5 });
      if (path === '/api/proxy/sumid') return jsonResponse(200, { success: true, sumid: 's' });
      if (path === '/api/proxy/list') return new Response('<html>Gateway</html>', { status: 200 });
      return jsonResponse(404, { success: false, error: 'Not found' });
    });
    renderApp('/proxy', { apiKey: 'px_test' });
    expect(
      await screen.findByText('Failed to load proxy list: Invalid response', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Invalid proxy list response')).not.toBeInTheDocument();
  });
});

describe('catalogue cache and sessions', () => {
  it("logout forgets the list, so the next customer in this tab gets the server's answer", async () => {
    const { endSession } = await import('../../../lib/session');
    let notEnough = false;
    mockFetch((path) => {
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: notEnough ? 0 : 5 });
      if (path === '/api/proxy/sumid') return jsonResponse(200, { success: true, sumid: 's-1' });
      if (path === '/api/proxy/list')
        return notEnough
          ? jsonResponse(200, {
              success: false,
              status: 'not enough',
              message: 'You need to add funds to access proxies',
            })
          : jsonResponse(200, { success: true, proxies: list(2) });
      return jsonResponse(200, { success: true });
    });
    const first = renderApp('/proxy', { apiKey: 'px_first' });
    await screen.findByText(/Total: 2/);
    act(() => endSession('loggedOut'));
    first.unmount();
    notEnough = true;
    renderApp('/proxy', { apiKey: 'px_second' });
    expect(await screen.findByText('Insufficient funds')).toBeInTheDocument();
    // The panel leads to the public page of what is in stock, beside adding funds.
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'What is in stock' })).toHaveAttribute(
      'href',
      '/stock',
    );
  });
});

describe('sumid errors', () => {
  it('with no stored sumid, a failed check warns "Error checking sumid: {message}" and the list still loads', async () => {
    mockFetch((path) => {
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 5 });
      if (path === '/api/proxy/sumid')
        return jsonResponse(500, { success: false, error: 'Server error', code: 'INTERNAL' });
      if (path === '/api/proxy/list') return jsonResponse(200, { success: true, proxies: list(2) });
      return jsonResponse(404, { success: false, error: 'Not found' });
    });
    renderApp('/proxy', { apiKey: 'px_test' });
    expect(await screen.findByText(/Total: 2/)).toBeInTheDocument();
    expect(await screen.findByText('Error checking sumid: Server error')).toBeInTheDocument();
  });

  it('a later poll answering an invalid sumid warns "Failed to fetch sumid: Invalid response"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let sumid: unknown = { success: true, sumid: 's-1' };
    mockFetch((path) => {
      if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 5 });
      if (path === '/api/proxy/sumid') return jsonResponse(200, sumid);
      if (path === '/api/proxy/list') return jsonResponse(200, { success: true, proxies: list(2) });
      return jsonResponse(404, { success: false, error: 'Not found' });
    });
    renderApp('/proxy', { apiKey: 'px_test' });
    expect(await screen.findByText(/Total: 2/, {}, { timeout: 15_000 })).toBeInTheDocument();
    sumid = { success: true };
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('Failed to fetch sumid: Invalid response')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to check sumid/)).not.toBeInTheDocument();
  });
});
