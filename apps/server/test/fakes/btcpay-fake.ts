import { createHmac, randomBytes } from 'node:crypto';
import { startFake } from './http-fake';

/** Speaks BTCPay Server's Greenfield invoice contract: the calls, answers and webhook the portal uses. */
export const FAKE_STORE = 'store-abc';
export const FAKE_BTCPAY_KEY = 'greenfield-api-key';
export const FAKE_WEBHOOK_SECRET = 'webhook-secret-xyz';

interface Invoice {
  id: string;
  storeId: string;
  checkoutLink: string;
  status: string;
  additionalStatus: string;
  amount: string;
  currency: string;
  createdTime: number;
  expirationTime: number;
  metadata: { orderId?: string };
  checkout: unknown;
}

export async function startBtcpayFake() {
  const invoices = new Map<string, Invoice>();
  const prefix = `/api/v1/stores/${FAKE_STORE}/invoices`;

  const fake = await startFake((request) => {
    if (request.headers.authorization !== `token ${FAKE_BTCPAY_KEY}`) {
      return { status: 401, body: { code: 'unauthenticated', message: 'Authentication is required' } };
    }
    if (request.method === 'POST' && request.path === prefix) {
      const body = JSON.parse(request.body) as Pick<Invoice, 'amount' | 'currency' | 'metadata' | 'checkout'>;
      const id = randomBytes(11).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const invoice: Invoice = {
        id,
        storeId: FAKE_STORE,
        checkoutLink: `https://btcpay.example.com/i/${id}`,
        status: 'New',
        additionalStatus: 'None',
        amount: body.amount,
        currency: body.currency,
        createdTime: now,
        expirationTime: now + 3600,
        metadata: body.metadata,
        checkout: body.checkout,
      };
      invoices.set(id, invoice);
      return { status: 200, body: invoice };
    }
    if (request.method === 'GET' && request.path.startsWith(`${prefix}/`)) {
      const invoice = invoices.get(decodeURIComponent(request.path.slice(prefix.length + 1)));
      return invoice
        ? { status: 200, body: invoice }
        : { status: 404, body: { code: 'invoice-not-found', message: 'not found' } };
    }
    return { status: 404, body: { message: 'not found' } };
  });

  return {
    ...fake,
    invoices,
    setStatus(id: string, status: string, additionalStatus = 'None') {
      const invoice = invoices.get(id);
      if (!invoice) throw new Error(`no invoice ${id}`);
      Object.assign(invoice, { status, additionalStatus });
    },
    /** A webhook delivery with its `BTCPay-Sig` header, computed over the exact bytes. */
    webhook(id: string, type: string, secret = FAKE_WEBHOOK_SECRET, isRedelivery = false) {
      const body = JSON.stringify({
        deliveryId: randomBytes(8).toString('hex'),
        webhookId: 'wh1',
        originalDeliveryId: null,
        isRedelivery,
        type,
        timestamp: Math.floor(Date.now() / 1000),
        storeId: FAKE_STORE,
        invoiceId: id,
      });
      const sig = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
      return { body, headers: { 'content-type': 'application/json', 'btcpay-sig': sig } };
    },
  };
}
