import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { transaction } from '../../../../test/fixtures';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  const i18n = await initI18n('en');
  await i18n.loadNamespaces(['payments', 'rentals']);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const payment = (uuid: string, status: string) => ({
  created: '2026-01-01T10:00:00Z',
  currency: 'BTC',
  amount: 20,
  status,
  uuid,
  url: `/pay/${uuid}`,
  method: 'sandbox',
});

function server({
  payments = [],
  status = () => 'pending',
  extra = () => undefined,
}: {
  payments?: unknown[];
  status?: () => string;
  extra?: (path: string, init: RequestInit) => Response | undefined;
} = {}) {
  let wallet = 0;
  return mockFetch((path, init) => {
    const answer = extra(path, init);
    if (answer) return answer;
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet });
    if (path === '/api/payments/services') return jsonResponse(200, { success: true, services: ['BTC', 'LTC'] });
    if (path === '/api/payments/history') return jsonResponse(200, { success: true, payments });
    if (path === '/api/payments/transactions')
      return jsonResponse(200, { success: true, transactions: [transaction(9, { order_id: 'ord_9', amount: 0.75 })] });
    if (path === '/api/payments/create')
      return jsonResponse(200, { success: true, uuid: 'u-1', url: 'http://localhost/pay/u-1' });
    if (path.startsWith('/api/payments/status/')) {
      const value = status();
      if (value === 'paid') wallet = 20;
      return jsonResponse(200, { success: true, status: value });
    }
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
}

const statusCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/payments/status/')).length;

describe('payments', () => {
  it('Pay Now opens the url in a new tab, polls every 5 s and settles with "Payment completed successfully!"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let answer = 'pending';
    const fetchMock = server({ status: () => answer });
    renderApp('/payment', { apiKey: 'px_test' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('option', { name: 'LTC' });
    await user.selectOptions(screen.getByLabelText('Payment method'), 'LTC');
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '20');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(tab.location.href).toBe('http://localhost/pay/u-1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    const create = fetchMock.mock.calls.find(([url]) => url === '/api/payments/create');
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({ amount: 20, currency: 'LTC' });

    expect(statusCalls(fetchMock)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(2));
    expect(screen.getByText(/Waiting for your payment/)).toBeInTheDocument();
    answer = 'paid';
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText('Payment completed successfully!')).toBeInTheDocument();
    // The form no longer waits for a payment that is done.
    expect(screen.queryByText(/Waiting for your payment/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the payment page' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$20.00'));
    const settled = statusCalls(fetchMock);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(statusCalls(fetchMock)).toBe(settled);
  });

  it('resumes polling a pending payment after a reload, and "fail" shows "Payment failed"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = server({ payments: [payment('old', 'pending'), payment('done', 'paid')], status: () => 'fail' });
    renderApp('/payment', { apiKey: 'px_test' });
    await screen.findAllByTestId('payment-row');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    const checked = fetchMock.mock.calls
      .filter(([url]) => String(url).startsWith('/api/payments/status/'))
      .map(([url]) => url);
    expect(checked).toEqual(['/api/payments/status/old']);
  });

  it('a network error keeps polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    server({
      payments: [payment('p', 'pending')],
      extra: (path) => {
        if (!path.startsWith('/api/payments/status/')) return undefined;
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(200, { success: true, status: 'paid' });
      },
    });
    renderApp('/payment', { apiKey: 'px_test' });
    await screen.findAllByTestId('payment-row');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(calls).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText('Payment completed successfully!')).toBeInTheDocument();
  });

  it('shows "Error creating payment: {cause}"', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    server({
      extra: (path) =>
        path === '/api/payments/create'
          ? jsonResponse(502, { success: false, error: 'The payment provider is unavailable' })
          : undefined,
    });
    renderApp('/payment', { apiKey: 'px_test' });
    await screen.findByRole('option', { name: 'BTC' });
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Error creating payment: The payment provider is unavailable')).toBeInTheDocument();
  });

  it.each([
    [
      'no answer',
      (): Response => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['an error status without a sentence', () => new Response('Bad Gateway', { status: 502 })],
    ['an answer that is not JSON', () => new Response('<html></html>', { status: 200 })],
  ])('a payment whose creation fails with %s reads "Payment creation failed"', async (_case, answer) => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    server({ extra: (path) => (path === '/api/payments/create' ? answer() : undefined) });
    renderApp('/payment', { apiKey: 'px_test' });
    await screen.findByRole('option', { name: 'BTC' });
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Payment creation failed')).toBeInTheDocument();
    expect(screen.queryByText(/Error creating payment/)).not.toBeInTheDocument();
  });

  it('a transaction answer without the list says "Error: Invalid transaction data"', async () => {
    server({
      extra: (path) =>
        path === '/api/payments/transactions' ? jsonResponse(200, { success: true, transactions: 'none' }) : undefined,
    });
    renderApp('/payment', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Transaction history' }, { timeout: 15_000 }));
    expect(await screen.findByText('Error: Invalid transaction data')).toBeInTheDocument();
    expect(screen.queryByText('Error fetching transaction history')).not.toBeInTheDocument();
  });

  it("gift card: empty code warns; a refused code and a success read in the app's words", async () => {
    let redeemed = 0;
    server({
      extra: (path, init) => {
        if (path !== '/api/payments/giftcard') return undefined;
        redeemed += 1;
        const { giftcard } = JSON.parse(String(init.body)) as { giftcard: string };
        return giftcard === 'GOOD-CODE'
          ? jsonResponse(200, {
              success: true,
              amount: 10,
              message: 'Gift card activated: $10.00 added to your balance',
            })
          : jsonResponse(404, {
              success: false,
              error: 'Gift card code does not exist or has already been activated',
              message: 'Gift card code does not exist or has already been activated',
              code: 'GIFTCARD_INVALID',
            });
      },
    });
    renderApp('/payment', { apiKey: 'px_test' });
    const input = await screen.findByLabelText('Gift card code');
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Please enter a gift card code')).toBeInTheDocument();
    expect(redeemed).toBe(0);
    await userEvent.type(input, 'BAD');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Gift card code does not exist or has already been activated')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '  GOOD-CODE ');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Gift card activated: $10.00 added to your wallet')).toBeInTheDocument();
    expect(screen.queryByText('Gift card activated: $10.00 added to your balance')).not.toBeInTheDocument();
  });

  it('history tabs: payments and transactions', async () => {
    server({ payments: [payment('a', 'paid')] });
    renderApp('/payment', { apiKey: 'px_test' });
    const row = await screen.findByTestId('payment-row');
    expect(within(row).getByText('$20.00')).toBeInTheDocument();
    expect(within(row).getByText('Test payment')).toBeInTheDocument();
    expect(within(row).getByText('Paid')).toBeInTheDocument();
    // A phone cuts the table's last columns off: its scrolling box is a named tab stop, so a
    // keyboard can scroll to them too (axe's scrollable-region-focusable, seen at 375 px).
    const payments = screen.getByRole('region', { name: 'Payment history' });
    expect(payments).toContainElement(row);
    expect(payments).toHaveAttribute('tabindex', '0');
    await userEvent.click(screen.getByRole('tab', { name: 'Transaction history' }));
    const transactionRow = await screen.findByTestId('transaction-row');
    expect(screen.getByRole('region', { name: 'Transaction history' })).toContainElement(transactionRow);
    expect(within(transactionRow).getByText('ord_9')).toBeInTheDocument();
    expect(within(transactionRow).getByText('$0.75')).toBeInTheDocument();
    expect(within(transactionRow).getByText('Purchase')).toBeInTheDocument();
  });

  it('referral link copy says "No referral key available" without a code', async () => {
    server();
    renderApp('/payment', { apiKey: 'px_test' });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy referral link' }));
    expect(await screen.findByText('No referral key available')).toBeInTheDocument();
  });
});

describe('payment creation answers', () => {
  it.each([
    [{ success: true, url: '/pay/x' }, 'Error creating payment: No UUID received in response'],
    [{ success: true, uuid: 'x' }, 'Error creating payment: No payment URL received'],
  ])('%j -> %s', async (body, message) => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    server({ extra: (path) => (path === '/api/payments/create' ? jsonResponse(200, body) : undefined) });
    renderApp('/payment', { apiKey: 'px_test' });
    await screen.findByRole('option', { name: 'BTC' });
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });
});
