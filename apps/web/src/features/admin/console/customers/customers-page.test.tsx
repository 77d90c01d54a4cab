import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerDetail, CustomerSummary } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, postedUrls, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

const summary = (id: number, overrides: Partial<CustomerSummary> = {}): CustomerSummary => ({
  id,
  referralKey: `ref${id}abc`,
  balance: 10,
  createdAt: '2026-03-01T12:00:00Z',
  activeRentals: 0,
  ...overrides,
});

function detail(balance: number): CustomerDetail {
  return {
    success: true,
    customer: { ...summary(42, { balance, activeRentals: 1 }), referredBy: null },
    ledger: [
      {
        id: 2,
        kind: 'purchase',
        amount: -0.75,
        balanceAfter: balance,
        reason: null,
        rentalId: 5,
        paymentId: null,
        createdAt: '2026-03-02T10:00:00Z',
      },
      {
        id: 1,
        kind: 'deposit',
        amount: 20,
        balanceAfter: 20.75,
        reason: null,
        rentalId: null,
        paymentId: 'pay_1',
        createdAt: '2026-03-01T10:00:00Z',
      },
    ],
    rentals: [
      {
        id: 5,
        proxyId: 9,
        ip: '192.0.2.9',
        port: 1080,
        country: 'US',
        status: 'connected',
        hours: 24,
        createdAt: '2026-03-02T10:00:00Z',
        endTime: '2026-03-03T10:00:00Z',
        bytesUp: 1_500_000,
        bytesDown: 25_000_000,
      },
    ],
    payments: [
      {
        id: 'pay_1',
        provider: 'sandbox',
        method: 'BTC',
        amount: 20,
        status: 'paid',
        providerStatus: 'paid',
        credited: 20,
        createdAt: '2026-03-01T09:00:00Z',
      },
      {
        id: 'pay_2',
        provider: 'btcpay',
        method: 'LTC',
        amount: 30,
        status: 'fail',
        providerStatus: 'Expired (PaidPartial)',
        credited: null,
        createdAt: '2026-02-27T09:00:00Z',
      },
    ],
  };
}

describe('customers', () => {
  it('searches by referral key or id and opens a customer', async () => {
    let searches = 0;
    const fetchMock = consoleApi({
      'GET /api/admin/customers': () => {
        searches += 1;
        return jsonResponse(200, {
          success: true,
          customers: searches === 1 ? [summary(1), summary(2)] : [summary(42)],
        });
      },
      'GET /api/admin/customers/42': () => jsonResponse(200, detail(20)),
    });
    const { router } = renderApp('/admin/customers');
    expect(await screen.findByRole('link', { name: 'ref1abc' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Referral key or customer ID' }), 'ref42');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('link', { name: 'ref42abc' }));
    const searched = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('?'));
    expect(searched).toEqual(['/api/admin/customers?q=', '/api/admin/customers?q=ref42']);
    expect(router.state.location.pathname).toBe('/admin/customers/42');
    expect(await screen.findByTestId('customer-balance')).toHaveTextContent('$20.00');
  });

  it('shows the ledger, rentals and payments of a customer', async () => {
    consoleApi({ 'GET /api/admin/customers/42': () => jsonResponse(200, detail(20)) });
    renderApp('/admin/customers/42');
    expect(await screen.findByRole('heading', { name: 'Customer 42', level: 1 })).toBeInTheDocument();
    const ledger = await screen.findByRole('table', { name: 'Ledger (newest first)' });
    const [first, second] = within(ledger).getAllByRole('row').slice(1);
    expect(within(first as HTMLElement).getByText('Purchase')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('-$0.75')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Rental #5')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('+$20.00')).toBeInTheDocument();
    const rentals = screen.getByRole('table', { name: 'Rentals' });
    expect(within(rentals).getByText('Connected')).toBeInTheDocument();
    expect(within(rentals).getByText('192.0.2.9:1080')).toBeInTheDocument();
    const payments = screen.getByRole('table', { name: 'Payments' });
    const [paid, failed] = within(payments).getAllByRole('row').slice(1);
    // The provider's own word shows only where it says more than the status.
    expect(paid).toHaveTextContent('Paid$20.00');
    expect(paid).not.toHaveTextContent('(paid)');
    expect(failed).toHaveTextContent('Failed (Expired (PaidPartial))');
  });

  it('requires a reason and a valid amount before adjusting', async () => {
    const fetchMock = consoleApi({ 'GET /api/admin/customers/42': () => jsonResponse(200, detail(20)) });
    renderApp('/admin/customers/42');
    const amount = await screen.findByRole('textbox', { name: 'Amount in dollars (negative takes away)' });
    await userEvent.type(amount, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('A reason is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reason (kept in the ledger)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await userEvent.clear(amount);
    await userEvent.type(amount, '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Enter a dollar amount other than zero/)).toBeInTheDocument();
    expect(postedUrls(fetchMock)).toEqual([]);
  });

  it("starts a fresh adjustment on another customer's page (no amount carried over)", async () => {
    const referred = detail(20);
    referred.customer.referredBy = 7;
    const referrer: CustomerDetail = { ...detail(3), customer: { ...summary(7), referredBy: null } };
    consoleApi({
      'GET /api/admin/customers/42': () => jsonResponse(200, referred),
      'GET /api/admin/customers/7': () => jsonResponse(200, referrer),
    });
    // Customer 7 seen first: its page comes back from the cache at once, without a loading state between.
    const { router } = renderApp('/admin/customers/7');
    expect(await screen.findByRole('heading', { name: 'Customer 7' })).toBeInTheDocument();
    await router.navigate('/admin/customers/42');
    expect(await screen.findByRole('heading', { name: 'Customer 42' })).toBeInTheDocument();
    const amountName = 'Amount in dollars (negative takes away)';
    await userEvent.type(await screen.findByRole('textbox', { name: amountName }), '-15');
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason (kept in the ledger)' }), 'refund of order 9');
    await userEvent.click(screen.getByRole('link', { name: 'Customer 7' }));
    expect(await screen.findByRole('heading', { name: 'Customer 7' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: amountName })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Reason (kept in the ledger)' })).toHaveValue('');
  });

  it('adjusts with a reason, and shows the refusal when the balance would go below zero', async () => {
    let balance = 20;
    const bodies: unknown[] = [];
    consoleApi({
      'GET /api/admin/customers/42': () => jsonResponse(200, detail(balance)),
      'POST /api/admin/customers/adjust': (init) => {
        const body = JSON.parse(String(init.body)) as { amount: number };
        bodies.push(body);
        if (balance + body.amount < 0) {
          return jsonResponse(409, {
            success: false,
            error: 'The adjustment would make the balance negative',
            code: 'BALANCE_WOULD_BE_NEGATIVE',
          });
        }
        balance += body.amount;
        return jsonResponse(200, { success: true, customerId: 42, wallet: balance });
      },
    });
    renderApp('/admin/customers/42');
    const amount = await screen.findByRole('textbox', { name: 'Amount in dollars (negative takes away)' });
    const reason = screen.getByRole('textbox', { name: 'Reason (kept in the ledger)' });

    await userEvent.type(amount, '-25');
    await userEvent.type(reason, 'chargeback');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Refused: The adjustment would make the balance negative',
    );
    expect(screen.getByTestId('customer-balance')).toHaveTextContent('$20.00');

    await userEvent.clear(amount);
    await userEvent.type(amount, '-2.50');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Done. The balance is now $17.50.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('customer-balance')).toHaveTextContent('$17.50'));
    expect(bodies).toEqual([
      { customer: 42, amount: -25, reason: 'chargeback' },
      { customer: 42, amount: -2.5, reason: 'chargeback' },
    ]);
    expect(amount).toHaveValue('');
  });

  it('says so when the customer does not exist', async () => {
    consoleApi({
      'GET /api/admin/customers/7': () =>
        jsonResponse(404, { success: false, error: 'Customer not found', code: 'NOT_FOUND' }),
    });
    renderApp('/admin/customers/7');
    expect(await screen.findByText('There is no customer with this ID.')).toBeInTheDocument();
  });

  // One past the largest safe integer, which the call's path schema refuses: refused like a non-number.
  it.each(['abc', '9007199254740992'])('refuses the id %s without asking the server', async (id) => {
    const fetchMock = consoleApi({});
    renderApp(`/admin/customers/${id}`);
    expect(await screen.findByText('There is no customer with this ID.')).toBeInTheDocument();
    const asked = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/admin/customers'));
    expect(asked).toEqual([]);
  });
});
