import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { historyRecord } from '../../../../test/fixtures';
import { inEnglish, jsonResponse, mockFetch, narrowScreen, renderApp } from '../../../../test/render-app';

inEnglish('rentals');

function server(history: unknown[]) {
  mockFetch((path) => {
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 20 });
    if (path === '/api/proxy/history') return jsonResponse(200, { success: true, history });
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
}

describe('a rented proxy that does not work', () => {
  it('reads Not working with the reason, a free replacement and the refund deadline; no Extend', async () => {
    const now = Date.now();
    const until = new Date(now + 3_600_000).toISOString();
    // The history lists live rentals by end time, latest first: fixed, distinct ends keep the
    // rows in this order however slowly the records are built.
    const endsIn = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
    server([
      historyRecord(1, { proxy_state: 'disabled', can_replace: true, refund_until: until, end_time: endsIn(30) }),
      historyRecord(2, { end_time: endsIn(20) }),
      historyRecord(3, { proxy_state: 'failing', can_replace: true, end_time: endsIn(10) }),
    ]);
    renderApp('/history', { apiKey: 'px_test' });
    const rows = await screen.findAllByTestId('history-row');
    const [disabled, working, failing] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(disabled).getByText('Not working')).toBeInTheDocument();
    expect(within(disabled).queryByText('Connected')).not.toBeInTheDocument();
    expect(within(disabled).getByText('The shop took this proxy out of service.')).toBeInTheDocument();
    expect(within(disabled).getByText(/^You may ask for a refund until /)).toBeInTheDocument();
    expect(within(disabled).queryByRole('button', { name: 'Extend proxy 1' })).not.toBeInTheDocument();
    expect(within(working).getByText('Connected')).toBeInTheDocument();
    expect(within(working).queryByTestId('proxy-not-working')).not.toBeInTheDocument();
    expect(within(failing).getByText('This proxy fails its health checks.')).toBeInTheDocument();
    expect(within(failing).queryByText(/refund until/)).not.toBeInTheDocument();
    expect(within(failing).getByRole('button', { name: 'Extend proxy 3' })).toBeInTheDocument();

    // Replace opens the proxy's manage dialog, where the replacement is found and confirmed.
    await userEvent.click(within(disabled).getByRole('button', { name: 'Replace proxy 1 free of charge' }));
    expect(await screen.findByRole('button', { name: 'Find a replacement' })).toBeInTheDocument();
  });

  it.each([
    ['at 1,280 px', () => undefined],
    ['on a phone', narrowScreen],
  ])('says a refused refund request was made, and offers no deadline it could no longer use (%s)', async (_, width) => {
    width();
    const now = Date.now();
    const endsIn = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
    server([
      historyRecord(1, {
        proxy_state: 'failing',
        refund_requested: true,
        refund_until: new Date(now + 3_600_000).toISOString(),
        end_time: endsIn(30),
      }),
      historyRecord(2, { refund_requested: true, end_time: endsIn(20) }),
      historyRecord(3, { end_time: endsIn(10) }),
      historyRecord(4, { status: 'refunded', refund_requested: true, end_time: endsIn(5) }),
    ]);
    renderApp('/history', { apiKey: 'px_test' });
    const rows = await screen.findAllByTestId('history-row');
    const refused = 'Refund requested: not granted (one request per rental)';
    expect(rows.map((row) => within(row).queryByText(refused) !== null)).toEqual([true, true, false, false]);
    expect(within(rows[0]!).queryByText(/^You may ask for a refund until /)).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Connected')).toBeInTheDocument();
  });
});
