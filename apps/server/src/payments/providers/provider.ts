import { centsToDollars, dollarsToNearestCents } from '@portal/contract';

/** What the portal needs from a payment provider. */
export interface InvoiceRequest {
  /** Our payment id: the provider's order id, so creation is idempotent. */
  paymentId: string;
  amountCents: number;
  method: string;
  callbackUrl: string;
  returnUrl: string;
  lifetimeMs: number;
}

export interface Invoice {
  providerPaymentId: string;
  url: string;
  providerStatus: string;
}

/** The provider's view of a payment, mapped onto the portal's outcome. */
export interface ProviderState {
  providerPaymentId: string;
  providerStatus: string;
  outcome: 'paid' | 'fail' | 'pending';
  /** For `paid`: the USD cents to credit (never more than the invoice unless the operator opts in). */
  creditCents?: number;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'cryptomus' | 'btcpay';
  services(): Promise<string[]>;
  createInvoice(request: InvoiceRequest): Promise<Invoice>;
  /** Asks the provider (sandbox: nothing to ask, answers null). */
  fetchState(providerPaymentId: string, invoiceCents: number): Promise<ProviderState | null>;
  /**
   * Checks a webhook's signature on the raw body and answers which payment it concerns, or null
   * when the signature is wrong. The caller re-reads the state with `fetchState` before crediting.
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): string | null;
}

export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

export function centsToAmountText(cents: number): string {
  return centsToDollars(cents).toFixed(2);
}

/** "10.00" or 10 -> 1000; anything unreadable -> null. */
export function amountTextToCents(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? dollarsToNearestCents(number) : null;
}
