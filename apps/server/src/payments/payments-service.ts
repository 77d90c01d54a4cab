import { randomUUID } from 'node:crypto';
import {
  PAYMENT_STATUS,
  centsToDollars,
  formatCents,
  type Payment,
  PROVIDER_CHECK_INTERVAL_MS,
} from '@portal/contract';
import { referrerOf } from '../accounts/accounts-service';
import type { Clock } from '../clock';
import type { Database, Transaction } from '../db/client';
import { DomainError } from '../errors';
import { lockBalance, postEntry } from '../ledger/ledger-service';
import { queueNotice, queueOneOffAlert } from '../notices/notices-service';
import {
  findPayment,
  findPaymentOfProvider,
  insertPayment,
  lockPayment,
  paymentOwner,
  paymentsOf,
  updatePayment,
  type PaymentRow,
} from './payments-repository';
import { ProviderError, type PaymentProvider, type ProviderState } from './providers/provider';

/** The reconciliation job's claim on pending payments: plain queries, with no rule of the area around them. */
export { claimPendingPayments } from './payments-repository';
/** The console's overview and the metrics count pending payments. */
export { pendingPaymentTotals } from './payments-repository';
/** The operator's customer detail lists the customer's newest payments. */
export { paymentsOf } from './payments-repository';

export interface PaymentsDeps {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  publicUrl: string;
  lifetimeMs: number;
  referralPercent: number;
  giftcardRateLimit: number;
}

/** The status of a payment the provider calls paid without a settled amount to credit. */
export const PAID_WITHOUT_AMOUNT = 'paid_amount_unknown';

/** The status the portal gives a provider's payment it closes at the confirmation cap. */
export const UNCONFIRMED = 'unconfirmed';
/** Failures the portal decided on its own (no answer from the provider in time). */
const LOCAL_FAILURES = new Set(['expired', UNCONFIRMED]);

/**
 * A paid payment never changes again. A failed one still becomes paid when the provider later says
 * it is: after the portal's own failures, and after a real provider's own (a provider that now
 * reports money received, as BTCPay does for a payment after expiry or an invoice its merchant
 * marked settled, is the word that counts). Only the sandbox's failure, which its customer chose
 * with a click, is final. A payment is credited once all the same.
 */
function isFinal(payment: PaymentRow, incoming: ProviderState['outcome']): boolean {
  if (payment.status === PAYMENT_STATUS.pending) return false;
  if (payment.status !== PAYMENT_STATUS.fail || incoming !== 'paid') return true;
  return payment.provider === 'sandbox' && !LOCAL_FAILURES.has(payment.providerStatus);
}

export async function createPayment(
  deps: PaymentsDeps,
  userId: number,
  request: { amountCents: number; method: string },
): Promise<PaymentRow> {
  const method = request.method.trim().toUpperCase();
  const services = await providerCall(() => deps.provider.services());
  if (!services.includes(method)) {
    throw new DomainError('PAYMENT_METHOD_UNKNOWN', { message: `currency must be one of ${services.join(', ')}` });
  }
  const now = deps.clock.now();
  const id = randomUUID();
  // Stored before the provider is asked, so the provider's order id always names a known payment.
  await insertPayment(deps.db, {
    id,
    userId,
    provider: deps.provider.name,
    method,
    amountCents: request.amountCents,
    status: PAYMENT_STATUS.pending,
    providerStatus: 'creating',
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + deps.lifetimeMs),
  });
  try {
    const invoice = await deps.provider.createInvoice({
      paymentId: id,
      amountCents: request.amountCents,
      method,
      callbackUrl: `${deps.publicUrl}/api/payments/webhook/${deps.provider.name}`,
      returnUrl: `${deps.publicUrl}/payment`,
      lifetimeMs: deps.lifetimeMs,
    });
    const row = await updatePayment(deps.db, id, {
      providerPaymentId: invoice.providerPaymentId,
      url: invoice.url,
      providerStatus: invoice.providerStatus,
    });
    if (!row) throw new Error('payment vanished');
    return row;
  } catch (error) {
    await updatePayment(deps.db, id, {
      status: PAYMENT_STATUS.fail,
      providerStatus: 'create_failed',
      updatedAt: deps.clock.now(),
    });
    if (error instanceof ProviderError) throw new DomainError('PROVIDER_UNAVAILABLE');
    throw error;
  }
}

async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw new DomainError('PROVIDER_UNAVAILABLE');
    throw error;
  }
}

/** `paid`, `fail`, or the provider's own word while pending (the browser keeps polling on it). */
export function clientStatus(payment: PaymentRow): string {
  return payment.status === PAYMENT_STATUS.pending ? payment.providerStatus : payment.status;
}

export async function findOwnPayment(deps: PaymentsDeps, userId: number, id: string): Promise<PaymentRow> {
  const row = await findPayment(deps.db, id, userId);
  if (!row) throw new DomainError('PAYMENT_NOT_FOUND');
  return row;
}

/** The payment this shop's provider knows by `providerPaymentId`, as its webhooks name it. */
export async function findByProviderId(deps: PaymentsDeps, providerPaymentId: string): Promise<PaymentRow | undefined> {
  return findPaymentOfProvider(deps.db, deps.provider.name, providerPaymentId);
}

export async function findPaymentById(deps: PaymentsDeps, id: string): Promise<PaymentRow | undefined> {
  return findPayment(deps.db, id);
}

/** Ends a claim of claimPendingPayments, so the next round (or another process) may take it. */
export async function releasePaymentClaim(deps: Pick<PaymentsDeps, 'db'>, id: string): Promise<void> {
  await updatePayment(deps.db, id, { checkLeaseUntil: null });
}

/** Answers the status, asking the provider first when the payment is not final (rate-limited). */
export async function checkPayment(deps: PaymentsDeps, userId: number, id: string): Promise<string> {
  const payment = await findOwnPayment(deps, userId, id);
  if (isFinal(payment, 'paid')) return clientStatus(payment);
  const last = payment.lastCheckedAt?.getTime() ?? 0;
  if (deps.clock.now().getTime() - last < PROVIDER_CHECK_INTERVAL_MS) return clientStatus(payment);
  const refreshed = await refreshPayment(deps, payment).catch((error: unknown) => {
    // A provider outage must not break polling: the client keeps polling on the pending status.
    if (error instanceof ProviderError) return payment;
    throw error;
  });
  return clientStatus(refreshed);
}

/** Asks the provider for the payment's state and settles it; answers the payment as it is then. */
export async function refreshPayment(deps: PaymentsDeps, payment: PaymentRow): Promise<PaymentRow> {
  await updatePayment(deps.db, payment.id, { lastCheckedAt: deps.clock.now() });
  // Made with another provider (the shop switched since): this one does not know it.
  if (!payment.providerPaymentId || payment.provider !== deps.provider.name) return payment;
  const state = await deps.provider.fetchState(payment.providerPaymentId, payment.amountCents);
  if (!state) return payment;
  return settlePayment(deps, payment.id, state);
}

/**
 * Applies a provider state in one transaction: a pending payment becomes paid (credited once, with
 * its referral reward) or fail; a final payment never changes again, so webhooks, polling and the
 * reconciliation job may all arrive, in any order and any number of times.
 */
export async function settlePayment(
  deps: PaymentsDeps,
  paymentId: string,
  state: Pick<ProviderState, 'outcome' | 'providerStatus' | 'creditCents'>,
): Promise<PaymentRow> {
  return deps.db.transaction(async (tx) => {
    const owner = await paymentOwner(tx, paymentId);
    if (owner === undefined) throw new DomainError('PAYMENT_NOT_FOUND');
    await lockBalance(tx, owner);
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new DomainError('PAYMENT_NOT_FOUND');
    if (isFinal(payment, state.outcome)) return payment;
    const now = deps.clock.now();
    if (state.outcome === 'pending') {
      return (await updatePayment(tx, paymentId, { providerStatus: state.providerStatus, updatedAt: now })) ?? payment;
    }
    if (state.outcome === 'fail') {
      const change = { status: PAYMENT_STATUS.fail, providerStatus: state.providerStatus, updatedAt: now };
      if (state.providerStatus === UNCONFIRMED) {
        // A customer may have paid an invoice the provider never confirmed: someone should look.
        // Told in the transaction that closes it, so a closed payment is never left untold.
        await queueOneOffAlert(tx, {
          kind: 'payment_unconfirmed',
          eventKey: paymentId,
          details: {
            payment: paymentId,
            customer: payment.userId,
            amount: formatCents(payment.amountCents),
            provider: payment.provider,
            providerStatus: payment.providerStatus ?? '',
          },
          at: now,
        });
      }
      return (await updatePayment(tx, paymentId, change)) ?? payment;
    }
    const credit = state.creditCents ?? payment.amountCents;
    // "Paid" with nothing to credit is not an answer to act on: the payment waits for a better one
    // (and past the confirmation cap ends unconfirmed), rather than stopping every later one. Its
    // status is not the provider's "paid", which would tell the customer's page it was credited.
    if (credit <= 0) {
      return (await updatePayment(tx, paymentId, { providerStatus: PAID_WITHOUT_AMOUNT, updatedAt: now })) ?? payment;
    }
    const row = await updatePayment(tx, paymentId, {
      status: PAYMENT_STATUS.paid,
      providerStatus: state.providerStatus,
      creditedCents: credit,
      updatedAt: now,
    });
    const balanceCents = await postEntry(tx, {
      userId: payment.userId,
      kind: 'deposit',
      amountCents: credit,
      paymentId,
      at: now,
    });
    await queueNotice(
      tx,
      payment.userId,
      { kind: 'payment_credited', amountCents: credit, balanceCents },
      { at: now, key: `payment:${paymentId}` },
    );
    await rewardReferrer(tx, deps, payment.userId, paymentId, credit, now);
    return row ?? payment;
  });
}

async function rewardReferrer(
  tx: Transaction,
  deps: PaymentsDeps,
  userId: number,
  paymentId: string,
  creditCents: number,
  at: Date,
): Promise<void> {
  const referrer = await referrerOf(tx, userId);
  const reward = Math.floor((creditCents * deps.referralPercent) / 100);
  if (referrer === null || reward <= 0) return;
  // Referrers signed up before the people they referred, so this lock order never cycles.
  await lockBalance(tx, referrer);
  await postEntry(tx, {
    userId: referrer,
    kind: 'referral_reward',
    amountCents: reward,
    paymentId,
    reason: `${deps.referralPercent}% of a referred customer's deposit`,
    at,
  });
}

export async function paymentHistory(deps: PaymentsDeps, userId: number): Promise<Payment[]> {
  const rows = await paymentsOf(deps.db, userId);
  return rows.map((row) => ({
    created: row.createdAt.toISOString(),
    currency: row.method,
    amount: centsToDollars(row.amountCents),
    status: clientStatus(row),
    uuid: row.id,
    url: row.url,
    method: row.provider,
  }));
}
