import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  await initI18n('en');
});

describe('sandbox checkout', () => {
  it('shows the amount, and Pay settles the payment as paid', async () => {
    let status = 'pending';
    const fetchMock = mockFetch((path, init) => {
      if (path === '/api/payments/sandbox/abc' && init.method === 'POST') {
        status = (JSON.parse(String(init.body)) as { outcome: string }).outcome;
        return jsonResponse(200, { success: true, status });
      }
      if (path === '/api/payments/sandbox/abc') {
        return jsonResponse(200, { success: true, uuid: 'abc', amount: 25, method: 'BTC', status });
      }
      return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    });
    renderApp('/pay/abc');
    expect(await screen.findByText('$25.00')).toBeInTheDocument();
    expect(screen.getByText('BTC')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Payment completed successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/payments/sandbox/abc',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ outcome: 'paid' }) }),
    );
  });

  it('Fail shows "Payment failed"', async () => {
    let status = 'pending';
    mockFetch((_path, init) => {
      if (init.method === 'POST') {
        status = 'fail';
        return jsonResponse(200, { success: true, status });
      }
      return jsonResponse(200, { success: true, uuid: 'abc', amount: 5, method: 'LTC', status });
    });
    renderApp('/pay/abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Fail' }));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
  });

  it('says when the payment does not exist', async () => {
    mockFetch(() => jsonResponse(404, { success: false, error: 'Payment not found', code: 'PAYMENT_NOT_FOUND' }));
    renderApp('/pay/missing');
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment not found');
  });
});
