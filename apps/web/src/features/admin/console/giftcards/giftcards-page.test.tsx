import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GiftcardRow } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, meAnswer, postedUrls, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

const card = (id: number, overrides: Partial<GiftcardRow> = {}): GiftcardRow => ({
  id,
  code: `****-****-****-000${id}`,
  amount: 5,
  createdAt: '2026-03-01T10:00:00Z',
  redeemedBy: null,
  redeemedAt: null,
  ...overrides,
});

// jsdom has no object URLs and cannot follow links: record the Blob and the clicked download link.
const blobs = new Map<string, Blob>();
const downloads: { href: string; download: string }[] = [];
beforeEach(() => {
  blobs.clear();
  downloads.length = 0;
  let next = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      next += 1;
      blobs.set(`blob:codes-${next}`, blob);
      return `blob:codes-${next}`;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('gift cards', () => {
  it('creates codes, shows them, and offers them as a .txt download and for copying', async () => {
    let list = [card(1, { redeemedBy: 3, redeemedAt: '2026-03-02T10:00:00Z' })];
    const codes = ['QWER-TYUI-OPAS-DFGH', 'ZXCV-BNMK-LPOI-UYTR'];
    const bodies: unknown[] = [];
    const fetchMock = consoleApi({
      'GET /api/admin/giftcards': () => jsonResponse(200, { success: true, giftcards: list }),
      'POST /api/admin/giftcards': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        list = [...list, card(2, { code: '****-****-****-DFGH' }), card(3, { code: '****-****-****-UYTR' })];
        return jsonResponse(200, { success: true, codes });
      },
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/admin/giftcards');

    await userEvent.type(await screen.findByRole('textbox', { name: 'Amount in dollars' }), '12.5');
    const count = screen.getByRole('textbox', { name: 'Number of codes' });
    await userEvent.clear(count);
    await userEvent.type(count, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('heading', { name: 'New codes: 2 worth $12.50 each' })).toBeInTheDocument();
    expect(screen.getByTestId('new-codes')).toHaveTextContent('QWER-TYUI-OPAS-DFGH ZXCV-BNMK-LPOI-UYTR');
    expect(bodies).toEqual([{ amount: 12.5, count: 2 }]);
    expect(postedUrls(fetchMock)).toEqual(['/api/admin/giftcards']);

    await userEvent.click(screen.getByRole('button', { name: 'Download .txt' }));
    expect(downloads).toEqual([{ href: 'blob:codes-1', download: 'giftcards-12.50-usd-2.txt' }]);
    expect(await blobs.get('blob:codes-1')?.text()).toBe('QWER-TYUI-OPAS-DFGH\nZXCV-BNMK-LPOI-UYTR\n');

    await userEvent.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(writeText).toHaveBeenCalledWith('QWER-TYUI-OPAS-DFGH\nZXCV-BNMK-LPOI-UYTR');
    expect(await screen.findByText('Codes copied!')).toBeInTheDocument();

    // The list refreshes with the new codes.
    await waitFor(() => expect(screen.getAllByTestId('giftcard-row')).toHaveLength(3));
  });

  it('checks the amount and count before asking the server', async () => {
    const fetchMock = consoleApi({
      'GET /api/admin/giftcards': () => jsonResponse(200, { success: true, giftcards: [] }),
    });
    renderApp('/admin/giftcards');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Amount in dollars' }), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an amount from 0.01 to 10000');
    expect(postedUrls(fetchMock)).toEqual([]);
    expect(screen.getByText('No gift cards here.')).toBeInTheDocument();
  });

  it('lists used and unused cards with a filter', async () => {
    consoleApi({
      'GET /api/admin/giftcards': () =>
        jsonResponse(200, {
          success: true,
          giftcards: [card(1), card(2, { redeemedBy: 7, redeemedAt: '2026-03-02T10:00:00Z' }), card(3)],
        }),
    });
    renderApp('/admin/giftcards');
    await waitFor(() => expect(screen.getAllByTestId('giftcard-row')).toHaveLength(3));
    const filter = screen.getByRole('combobox', { name: 'Show' });
    await userEvent.selectOptions(filter, 'used');
    const [used] = screen.getAllByTestId('giftcard-row');
    expect(screen.getAllByTestId('giftcard-row')).toHaveLength(1);
    expect(within(used as HTMLElement).getByText('****-****-****-0002')).toBeInTheDocument();
    expect(within(used as HTMLElement).getByRole('link', { name: 'Customer 7' })).toHaveAttribute(
      'href',
      '/admin/customers/7',
    );
    await userEvent.selectOptions(filter, 'unused');
    expect(screen.getAllByTestId('giftcard-row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('****-****-****-0001'),
      expect.stringContaining('****-****-****-0003'),
    ]);
  });

  it('shows codes masked; the owner reveals one, a manager has no such button', async () => {
    const fetchMock = consoleApi({
      'GET /api/admin/giftcards': () => jsonResponse(200, { success: true, giftcards: [card(4)] }),
      'POST /api/admin/giftcards/4/reveal': () =>
        jsonResponse(200, { success: true, id: 4, code: 'QWER-TYUI-OPAS-0004' }),
    });
    renderApp('/admin/giftcards');
    expect(await screen.findByTestId('giftcard-code')).toHaveTextContent('****-****-****-0004');
    await userEvent.click(screen.getByRole('button', { name: 'Show the full code ending in 0004' }));
    await waitFor(() => expect(screen.getByTestId('giftcard-code')).toHaveTextContent('QWER-TYUI-OPAS-0004'));
    expect(postedUrls(fetchMock)).toEqual(['/api/admin/giftcards/4/reveal']);
  });

  it('offers a manager the masked list only', async () => {
    consoleApi({
      'GET /api/admin/me': () => meAnswer({ role: 'manager', builtin: false, name: 'Max' }),
      'GET /api/admin/giftcards': () => jsonResponse(200, { success: true, giftcards: [card(5)] }),
    });
    renderApp('/admin/giftcards');
    expect(await screen.findByTestId('giftcard-code')).toHaveTextContent('****-****-****-0005');
    expect(screen.queryByRole('button', { name: /Show the full code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    // Only a role that may show a code again is told that doing so is audited.
    expect(screen.queryByText(/Showing it again/)).toBeNull();
    expect(
      screen.getByText('Codes show their last four characters; the full code is shown once, when it is created.'),
    ).toBeInTheDocument();
  });

  it('tells a role that may show a code again that doing so is audited', async () => {
    consoleApi({
      'GET /api/admin/me': () => meAnswer({ role: 'finance', builtin: false, name: 'Fay' }),
      'GET /api/admin/giftcards': () => jsonResponse(200, { success: true, giftcards: [card(5)] }),
    });
    renderApp('/admin/giftcards');
    expect(await screen.findByText(/Showing it again is recorded in the audit log\./)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Show the full code ending in 0005' })).toBeInTheDocument();
  });
});
