import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { historyRecord } from '../../../../test/fixtures';
import { inEnglish, jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

inEnglish('rentals');

/** History with one refundable rental; a refund request is refused with `refusal`, and `spends` says whether it used the proxy's one request up. */
function server(refusal: { error: string; code: string }, spends: boolean) {
  let history = [historyRecord(3)];
  let historyCalls = 0;
  mockFetch((path) => {
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 20 });
    if (path === '/api/proxy/history') {
      historyCalls += 1;
      // A reload takes a moment, as over a network: the dialog must not close before it.
      const answer = jsonResponse(200, { success: true, history });
      return historyCalls === 1 ? answer : new Promise<Response>((resolve) => setTimeout(() => resolve(answer), 200));
    }
    if (path === '/api/payments/transactions') return jsonResponse(200, { success: true, transactions: [] });
    if (path === '/api/refund-by-id') {
      if (spends) history = history.map((record) => ({ ...record, refund_requested: true }));
      return jsonResponse(409, { success: false, ...refusal });
    }
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  return { historyCalls: () => historyCalls };
}

async function requestRefund() {
  renderApp('/history', { apiKey: 'px_test' });
  await userEvent.click(await screen.findByRole('button', { name: 'Refund proxy 3' }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Refund proxy 3?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
}

describe('a refused refund', () => {
  it('reloads the rentals, so a proxy whose one request is spent no longer offers Refund', async () => {
    server(
      {
        error:
          'Our checks have not found this proxy unavailable within 2 hours of purchase, so it is not eligible for a refund',
        code: 'REFUND_NOT_ELIGIBLE',
      },
      true,
    );
    await requestRefund();
    expect(await screen.findByText(/^Refund failed: Our checks have not found/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refund proxy 3' })).not.toBeInTheDocument());
    // The dialog closed on the reloaded list, so focus went to the rental's row rather than the page.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).not.toBe(document.body);
    // The rental's own actions, where its Refund button was.
    expect(
      within(document.activeElement as HTMLElement).getAllByRole('button', { name: /proxy 3$/ }).length,
    ).toBeGreaterThan(0);
  });

  it('while the connection is busy, says so without blaming the customer and that the request was not counted', async () => {
    const calls = server({ error: 'busy', code: 'REFUND_PROXY_IN_USE' }, false);
    await requestRefund();
    expect(
      await screen.findByText(
        "Refund failed: This proxy's connection is in use right now, so a check cannot tell whether it works. This request was not counted: please try again in a minute.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.historyCalls()).toBeGreaterThan(1));
    // The dialog, modal until the list is reloaded, then gives the page back with Refund still there.
    expect(await screen.findByRole('button', { name: 'Refund proxy 3' })).toBeInTheDocument();
  });
});
