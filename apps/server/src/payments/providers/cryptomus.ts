import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ProviderError,
  amountTextToCents,
  centsToAmountText,
  type Invoice,
  type InvoiceRequest,
  type PaymentProvider,
  type ProviderState,
} from './provider';

export interface CryptomusConfig {
  url: string;
  merchant: string;
  apiKey: string;
  creditOverpayments: boolean;
}

/** `md5_hex(base64(exact body bytes) + PAYMENT_API_KEY)`: Cryptomus's `sign` header, both ways. */
export function cryptomusSign(body: string, apiKey: string): string {
  return createHash('md5')
    .update(Buffer.from(body, 'utf8').toString('base64') + apiKey)
    .digest('hex');
}

/**
 * The webhook body as PHP's `json_encode($data, JSON_UNESCAPED_UNICODE)` writes it: compact,
 * keys in received order, non-ASCII raw, every `/` escaped as `\/`, and U+2028/U+2029 escaped
 * (PHP leaves those escaped unless told otherwise).
 */
export function phpJsonEncode(value: unknown): string {
  return JSON.stringify(value).replaceAll('/', '\\/').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
}

const PAID = new Set(['paid', 'paid_over']);
const FAILED = new Set(['fail', 'cancel', 'system_fail']);

interface CryptomusPayment {
  uuid: string;
  order_id?: string;
  amount?: string;
  payment_amount_usd?: string;
  payment_status?: string;
  status?: string;
  url?: string;
  is_final?: boolean;
}

/**
 * Cryptomus's statuses as the portal's three outcomes (paid, failed, still open). A wrong amount is
 * never credited: while it is not final the customer may still pay the rest, and a final one fails.
 */
export function mapCryptomusState(
  payment: CryptomusPayment,
  invoiceCents: number,
  creditOverpayments: boolean,
): ProviderState {
  const status = payment.payment_status ?? payment.status ?? 'unknown';
  const base = { providerPaymentId: payment.uuid, providerStatus: status };
  if (PAID.has(status)) {
    // The USD actually settled, never more than the invoice unless the operator opts in: an
    // overpayment is often a mistake the customer asks back, and a credit cannot be taken back.
    const settled = amountTextToCents(payment.payment_amount_usd) ?? invoiceCents;
    const creditCents =
      status === 'paid_over' && creditOverpayments ? Math.max(settled, invoiceCents) : Math.min(settled, invoiceCents);
    return { ...base, outcome: 'paid', creditCents };
  }
  if (FAILED.has(status) || (status === 'wrong_amount' && payment.is_final === true))
    return { ...base, outcome: 'fail' };
  return { ...base, outcome: 'pending' };
}

export function createCryptomusProvider(config: CryptomusConfig): PaymentProvider {
  async function call<T>(path: string, payload: object): Promise<T> {
    const body = JSON.stringify(payload);
    let response: Response;
    try {
      response = await fetch(`${config.url}${path}`, {
        method: 'POST',
        headers: {
          merchant: config.merchant,
          sign: cryptomusSign(body, config.apiKey),
          'content-type': 'application/json',
        },
        body,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new ProviderError(`Cryptomus is unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const answer = (await response.json().catch(() => null)) as {
      state?: number;
      result?: T;
      message?: string;
      errors?: unknown;
    } | null;
    if (!response.ok || !answer || answer.state !== 0 || answer.result === undefined) {
      const detail = answer?.message ?? (answer?.errors ? JSON.stringify(answer.errors) : `HTTP ${response.status}`);
      throw new ProviderError(`Cryptomus refused ${path}: ${detail}`);
    }
    return answer.result;
  }

  return {
    name: 'cryptomus',
    async services() {
      const result = await call<{ currency: string; is_available: boolean }[]>('/v1/payment/services', {});
      return [...new Set(result.filter((s) => s.is_available).map((s) => s.currency))];
    },
    async createInvoice(request: InvoiceRequest): Promise<Invoice> {
      const lifetime = Math.min(43_200, Math.max(300, Math.round(request.lifetimeMs / 1000)));
      const result = await call<CryptomusPayment>('/v1/payment', {
        amount: centsToAmountText(request.amountCents),
        currency: 'USD',
        order_id: request.paymentId,
        to_currency: request.method,
        url_callback: request.callbackUrl,
        url_return: request.returnUrl,
        lifetime,
      });
      if (!result.uuid || !result.url) throw new ProviderError('Cryptomus answered without uuid or url');
      return {
        providerPaymentId: result.uuid,
        url: result.url,
        providerStatus: result.payment_status ?? result.status ?? 'check',
      };
    },
    async fetchState(providerPaymentId, invoiceCents) {
      const result = await call<CryptomusPayment>('/v1/payment/info', { uuid: providerPaymentId });
      return mapCryptomusState(result, invoiceCents, config.creditOverpayments);
    },
    verifyWebhook(rawBody) {
      let data: unknown;
      try {
        data = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
      const { sign, ...rest } = data as Record<string, unknown>;
      if (typeof sign !== 'string' || !/^[0-9a-f]{32}$/i.test(sign)) return null;
      const expected = cryptomusSign(phpJsonEncode(rest), config.apiKey);
      if (!timingSafeEqual(Buffer.from(expected), Buffer.from(sign.toLowerCase()))) return null;
      return typeof rest.uuid === 'string' ? rest.uuid : null;
    },
  };
}
