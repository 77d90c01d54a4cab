import { randomUUID } from 'node:crypto';
import { PAYMENT_STATUS, centsToDollars, type Payment } from '@portal/contract';
import { and, asc, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Transaction } from '../db/client';
import { payments, users } from '../db/schema';
import { DomainError } from '../errors';
import { lockBalance, postEntry } from '../ledger/ledger';
import { queueNotice } from '../notices/notice-queue';
import { ProviderError, type PaymentProvider, type ProviderState } from './providers/provider';

export interface PaymentsDeps {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  publicUrl: string;
  lifetimeMs: number;
  referralPercent: number;
  giftcardRateLimit: number;
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * Failures the portal decided on its own (no answer from the provider in time). The provider's
 * later `paid` still credits such a payment: its word beats our clock.
 */
const LOCAL_FAILURES = new Set(['expired', 'unconfirmed']);

function isFinal(payment: PaymentRow, incoming: ProviderState['outcome']): boolean {
  if (payment.status === PAYMENT_STATUS.pending) return false;
  return !(payment.status === PAYMENT_STATUS.fail && LOCAL_FAILURES.has(payment.providerStatus) && incoming === 'paid');
}

/** Status polling asks the provider at most this often per payment. */
export const PROVIDER_CHECK_INTERVAL_MS = 10_000;

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
  await deps.db.insert(payments).values({
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
    const [row] = await deps.db
      .update(payments)
      .set({ providerPaymentId: invoice.providerPaymentId, url: invoice.url, providerStatus: invoice.providerStatus })
      .where(eq(payments.id, id))
      .returning();
    if (!row) throw new Error('payment vanished');
    return row;
  } catch (error) {
    await deps.db
      .update(payments)
      .set({ status: PAYMENT_STATUS.fail, providerStatus: 'create_failed', updatedAt: deps.clock.now() })
      .where(eq(payments.id, id));
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
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  if (!row) throw new DomainError('PAYMENT_NOT_FOUND');
  return row;
}

export async function findPaymentById(deps: PaymentsDeps, id: string): Promise<PaymentRow | undefined> {
  const [row] = await deps.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/**
 * Claims up to `limit` pending payments for `leaseMs`, oldest first: those nobody else holds (no
 * lease, or one over). Rows another process is claiming are skipped, so two never share one.
 */
export async function claimPendingPayments(
  deps: Pick<PaymentsDeps, 'db'>,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<PaymentRow[]> {
  const due = and(
    eq(payments.status, PAYMENT_STATUS.pending),
    or(isNull(payments.checkLeaseUntil), lt(payments.checkLeaseUntil, now)),
  );
  const claim = deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(due)
    .orderBy(asc(payments.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return deps.db
    .update(payments)
    .set({ checkLeaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(payments.id, claim), due))
    .returning();
}

/** Ends a claim of claimPendingPayments, so the next round (or another process) may take it. */
export async function releasePaymentClaim(deps: Pick<PaymentsDeps, 'db'>, id: string): Promise<void> {
  await deps.db.update(payments).set({ checkLeaseUntil: null }).where(eq(payments.id, id));
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
  await deps.db.update(payments).set({ lastCheckedAt: deps.clock.now() }).where(eq(payments.id, payment.id));
  if (!payment.providerPaymentId) return payment;
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
    const [unlocked] = await tx.select({ userId: payments.userId }).from(payments).where(eq(payments.id, paymentId));
    if (!unlocked) throw new DomainError('PAYMENT_NOT_FOUND');
    await lockBalance(tx, unlocked.userId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw new DomainError('PAYMENT_NOT_FOUND');
    if (isFinal(payment, state.outcome)) return payment;
    const now = deps.clock.now();
    if (state.outcome === 'pending') {
      const [row] = await tx
        .update(payments)
        .set({ providerStatus: state.providerStatus, updatedAt: now })
        .where(eq(payments.id, paymentId))
        .returning();
      return row ?? payment;
    }
    if (state.outcome === 'fail') {
      const [row] = await tx
        .update(payments)
        .set({ status: PAYMENT_STATUS.fail, providerStatus: state.providerStatus, updatedAt: now })
        .where(eq(payments.id, paymentId))
        .returning();
      return row ?? payment;
    }
    const credit = state.creditCents ?? payment.amountCents;
    const [row] = await tx
      .update(payments)
      .set({ status: PAYMENT_STATUS.paid, providerStatus: state.providerStatus, creditedCents: credit, updatedAt: now })
      .where(eq(payments.id, paymentId))
      .returning();
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
  const [user] = await tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId));
  const reward = Math.floor((creditCents * deps.referralPercent) / 100);
  if (!user?.referredBy || reward <= 0) return;
  // Referrers signed up before the people they referred, so this lock order never cycles.
  await lockBalance(tx, user.referredBy);
  await postEntry(tx, {
    userId: user.referredBy,
    kind: 'referral_reward',
    amountCents: reward,
    paymentId,
    reason: `${deps.referralPercent}% of a referred customer's deposit`,
    at,
  });
}

export async function paymentHistory(deps: PaymentsDeps, userId: number): Promise<Payment[]> {
  const rows = await deps.db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt));
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
