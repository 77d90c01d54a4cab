import { createHash, randomUUID } from 'node:crypto';
import { startFake } from './http-fake';

/**
 * Speaks Cryptomus's documented contract: POST-only JSON calls signed with
 * md5(base64(body) + key) in the `sign` header, `{state:0, result}` answers, idempotent invoices
 * by order_id, and webhooks signed over the PHP json_encode form of the body.
 */
export const FAKE_MERCHANT = 'merchant-uuid-1';
export const FAKE_KEY = 'fake-payment-api-key';

export interface FakeInvoice {
  uuid: string;
  order_id: string;
  amount: string;
  currency: string;
  payer_currency: string;
  payment_status: string;
  status: string;
  is_final: boolean;
  payment_amount_usd: string | null;
  url: string;
  url_callback: string;
}

/** The documented algorithm, written here independently of the adapter under test. */
export function signLikeCryptomus(text: string, key = FAKE_KEY): string {
  return createHash('md5')
    .update(Buffer.from(text).toString('base64') + key)
    .digest('hex');
}

export async function startCryptomusFake() {
  const invoices = new Map<string, FakeInvoice>();
  const byOrder = new Map<string, string>();
  let down = false;

  const fake = await startFake((request) => {
    if (down) return { status: 503, body: { state: 1, message: 'maintenance' } };
    if (request.method !== 'POST') return { status: 405, body: { state: 1, message: 'POST only' } };
    if (request.headers.merchant !== FAKE_MERCHANT || request.headers.sign !== signLikeCryptomus(request.body)) {
      return { status: 401, body: { state: 1, message: 'Invalid Sign' } };
    }
    const payload = JSON.parse(request.body) as Record<string, string>;
    if (request.path === '/v1/payment/services') {
      return {
        status: 200,
        body: {
          state: 0,
          result: [
            { network: 'btc', currency: 'BTC', is_available: true },
            { network: 'ltc', currency: 'LTC', is_available: true },
            { network: 'tron', currency: 'USDT', is_available: true },
            { network: 'eth', currency: 'ETH', is_available: false },
          ],
        },
      };
    }
    if (request.path === '/v1/payment') {
      const missing = ['amount', 'currency', 'order_id'].filter((f) => !payload[f]);
      if (missing.length > 0)
        return { status: 422, body: { state: 1, errors: Object.fromEntries(missing.map((f) => [f, ['required']])) } };
      const existing = byOrder.get(payload.order_id!);
      if (existing) return { status: 200, body: { state: 0, result: invoices.get(existing) } };
      const uuid = randomUUID();
      const invoice: FakeInvoice = {
        uuid,
        order_id: payload.order_id!,
        amount: payload.amount!,
        currency: payload.currency!,
        payer_currency: payload.to_currency ?? 'BTC',
        payment_status: 'check',
        status: 'check',
        is_final: false,
        payment_amount_usd: null,
        url: `https://pay.cryptomus.com/pay/${uuid}`,
        url_callback: payload.url_callback ?? '',
      };
      invoices.set(uuid, invoice);
      byOrder.set(invoice.order_id, uuid);
      return { status: 200, body: { state: 0, result: invoice } };
    }
    if (request.path === '/v1/payment/info') {
      const uuid = payload.uuid ?? byOrder.get(payload.order_id ?? '');
      const invoice = uuid ? invoices.get(uuid) : undefined;
      if (!invoice) return { status: 404, body: { state: 1, message: 'Payment not found' } };
      return { status: 200, body: { state: 0, result: invoice } };
    }
    return { status: 404, body: { state: 1, message: 'Not found' } };
  });

  return {
    ...fake,
    invoices,
    setDown: (value: boolean) => {
      down = value;
    },
    setStatus(uuid: string, status: string, extra: Partial<FakeInvoice> = {}) {
      const invoice = invoices.get(uuid);
      if (!invoice) throw new Error(`no invoice ${uuid}`);
      Object.assign(invoice, { payment_status: status, status, ...extra });
    },
    /** A webhook body as Cryptomus sends it, with `sign` last; `tamper` changes it after signing. */
    webhookBody(
      uuid: string,
      extra: Record<string, unknown> = {},
      tamper?: (body: Record<string, unknown>) => void,
    ): string {
      const invoice = invoices.get(uuid);
      if (!invoice) throw new Error(`no invoice ${uuid}`);
      const data: Record<string, unknown> = {
        type: 'payment',
        uuid,
        order_id: invoice.order_id,
        amount: invoice.amount,
        payment_amount: '0.00016',
        payment_amount_usd: invoice.payment_amount_usd ?? invoice.amount,
        merchant_amount: invoice.amount,
        commission: '0.02',
        is_final: invoice.is_final,
        status: invoice.payment_status,
        from: null,
        wallet_address_uuid: null,
        network: 'btc',
        currency: invoice.currency,
        payer_currency: invoice.payer_currency,
        additional_data: null,
        convert: null,
        txid: 'a1b2c3',
        ...extra,
      };
      // PHP json_encode with JSON_UNESCAPED_UNICODE: slashes escaped, everything else as JSON.
      const php = JSON.stringify(data).replace(/\//g, '\\/');
      const signed = { ...data, sign: signLikeCryptomus(php) };
      tamper?.(signed);
      return JSON.stringify(signed);
    },
  };
}
