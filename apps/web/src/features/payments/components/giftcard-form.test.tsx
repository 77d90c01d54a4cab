import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  const i18n = await initI18n('ru');
  await i18n.loadNamespaces('payments');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The payments page's calls; the gift card answers as the server does, in English. */
function server(giftcard: () => Response) {
  mockFetch((path) => {
    if (path === '/api/payments/giftcard') return giftcard();
    if (path === '/api/wallet') return jsonResponse(200, { success: true, wallet: 0 });
    if (path === '/api/payments/services') return jsonResponse(200, { success: true, services: ['BTC'] });
    if (path === '/api/payments/history') return jsonResponse(200, { success: true, payments: [] });
    if (path === '/api/payments/transactions') return jsonResponse(200, { success: true, transactions: [] });
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
}

async function activate(code: string) {
  renderApp('/payment', { apiKey: 'px_test' });
  await userEvent.type(await screen.findByLabelText('Код подарочной карты', {}, { timeout: 15_000 }), code);
  await userEvent.click(screen.getByRole('button', { name: 'Активировать' }));
}

describe('gift card answers in Russian', () => {
  it.each([
    [
      'GIFTCARD_INVALID',
      'Gift card code does not exist or has already been activated',
      404,
      'Такого кода подарочной карты нет, или карта уже активирована',
    ],
    [
      'GIFTCARD_RATE_LIMITED',
      'Too many gift card attempts. Please wait a minute and try again.',
      429,
      'Слишком много попыток ввести код подарочной карты. Подождите минуту и попробуйте снова.',
    ],
  ])("%s reads in Russian, not in the server's English", async (code, english, status, russian) => {
    server(() => jsonResponse(status, { success: false, error: english, message: english, code }));
    await activate('BAD-CODE');
    expect(await screen.findByText(russian)).toBeInTheDocument();
    expect(screen.queryByText(english)).not.toBeInTheDocument();
  });

  it.each([
    [
      'no answer',
      (): Response => {
        throw new TypeError('Failed to fetch');
      },
      'Ошибка активации подарочной карты',
    ],
    [
      'an answer that is not JSON',
      () => new Response('<html></html>', { status: 200 }),
      'Ошибка активации подарочной карты',
    ],
    [
      'an error status without a sentence',
      () => new Response('Bad Gateway', { status: 502 }),
      'При активации подарочной карты произошла ошибка',
    ],
  ])('an activation failing with %s reads in Russian', async (_case, answer, russian) => {
    server(answer);
    await activate('SOME-CODE');
    expect(await screen.findByText(russian)).toBeInTheDocument();
  });

  it('a credited card says the amount in Russian', async () => {
    server(() =>
      jsonResponse(200, { success: true, amount: 50, message: 'Gift card activated: $50.00 added to your wallet' }),
    );
    await activate('GOOD-CODE');
    expect(await screen.findByText('Подарочная карта активирована: на баланс зачислено $50.00')).toBeInTheDocument();
    expect(screen.queryByText(/Gift card activated/)).not.toBeInTheDocument();
  });
});
