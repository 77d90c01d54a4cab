import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ProviderError,
  amountTextToCents,
  centsToAmountText,
  type Invoice,
  type PaymentProvider,
  type ProviderState,
} from './provider';

export interface BtcpayConfig {
  url: string;
  apiKey: string;
  storeId: string;
  webhookSecret: string;
  methods: string[];
  creditOverpayments: boolean;
}

interface BtcpayInvoice {
  id: string;
  checkoutLink?: string;
  status: string;
  additionalStatus?: string;
  amount?: string;
}

/** `BTCPay-Sig: sha256=<hex HMAC-SHA256(secret, raw body)>`, as BTCPay Server signs its webhooks. */
export function btcpaySignature(rawBody: Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Settled -> paid; Expired and Invalid -> fail (a partial payment that expired is not credited). */
export function mapBtcpayState(
  invoice: BtcpayInvoice,
  invoiceCents: number,
  creditOverpayments: boolean,
): ProviderState {
  // `Expired (PaidPartial)` tells the operator that money arrived, where `Expired` alone would not.
  const extra = invoice.additionalStatus && invoice.additionalStatus !== 'None' ? ` (${invoice.additionalStatus})` : '';
  const base = { providerPaymentId: invoice.id, providerStatus: `${invoice.status}${extra}` };
  if (invoice.status === 'Settled') {
    const invoiced = amountTextToCents(invoice.amount) ?? invoiceCents;
    // Greenfield reports the invoice amount, not what was overpaid; the invoice is what is owed.
    return {
      ...base,
      outcome: 'paid',
      creditCents: creditOverpayments ? Math.max(invoiced, invoiceCents) : invoiceCents,
    };
  }
  if (invoice.status === 'Expired' || invoice.status === 'Invalid') return { ...base, outcome: 'fail' };
  return { ...base, outcome: 'pending' };
}

export function createBtcpayProvider(config: BtcpayConfig): PaymentProvider {
  const invoices = `${config.url}/api/v1/stores/${encodeURIComponent(config.storeId)}/invoices`;

  async function call<T>(url: string, init: { method: 'GET' | 'POST'; body?: object }): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: { authorization: `token ${config.apiKey}`, 'content-type': 'application/json' },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new ProviderError(
        `BTCPay Server is unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const answer = (await response.json().catch(() => null)) as T | { message?: string } | null;
    if (!response.ok || !answer) {
      const detail = (answer as { message?: string } | null)?.message ?? `HTTP ${response.status}`;
      throw new ProviderError(`BTCPay Server refused the call: ${detail}`);
    }
    return answer as T;
  }

  return {
    name: 'btcpay',
    services: async () => config.methods,
    async createInvoice(request): Promise<Invoice> {
      const invoice = await call<BtcpayInvoice>(invoices, {
        method: 'POST',
        body: {
          amount: centsToAmountText(request.amountCents),
          currency: 'USD',
          metadata: { orderId: request.paymentId },
          checkout: {
            paymentMethods: [`${request.method}-CHAIN`],
            expirationMinutes: Math.max(1, Math.round(request.lifetimeMs / 60_000)),
            redirectURL: request.returnUrl,
          },
        },
      });
      if (!invoice.id || !invoice.checkoutLink)
        throw new ProviderError('BTCPay Server answered without id or checkoutLink');
      return { providerPaymentId: invoice.id, url: invoice.checkoutLink, providerStatus: invoice.status };
    },
    async fetchState(providerPaymentId, invoiceCents) {
      const invoice = await call<BtcpayInvoice>(`${invoices}/${encodeURIComponent(providerPaymentId)}`, {
        method: 'GET',
      });
      return mapBtcpayState(invoice, invoiceCents, config.creditOverpayments);
    },
    verifyWebhook(rawBody, headers) {
      const raw = headers['btcpay-sig'];
      const given = Array.isArray(raw) ? raw[0] : raw;
      if (!given) return null;
      const expected = btcpaySignature(rawBody, config.webhookSecret);
      const a = Buffer.from(expected);
      const b = Buffer.from(given.trim().toLowerCase());
      if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
      try {
        const payload = JSON.parse(rawBody.toString('utf8')) as { invoiceId?: unknown };
        return typeof payload.invoiceId === 'string' ? payload.invoiceId : null;
      } catch {
        return null;
      }
    },
  };
}
