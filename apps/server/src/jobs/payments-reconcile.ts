import { PAYMENT_STATUS } from '@portal/contract';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { payments } from '../db/schema';
import { refreshPayment, settlePayment, type PaymentsDeps } from '../payments/payments-service';
import { ProviderError } from '../payments/providers/provider';

const BATCH = 50;
const LEASE_MS = 60_000;

/**
 * Re-checks pending payments with the provider, so a payment settles even when no webhook
 * arrives and nobody polls; a payment past its lifetime that is still not paid ends as `fail`.
 */
export async function reconcilePayments(deps: PaymentsDeps): Promise<{ checked: number; expired: number }> {
  const now = deps.clock.now();
  const due = and(
    eq(payments.status, PAYMENT_STATUS.pending),
    or(isNull(payments.checkLeaseUntil), lt(payments.checkLeaseUntil, now)),
  );
  const claim = deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(due)
    .orderBy(asc(payments.createdAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(payments)
    .set({ checkLeaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(inArray(payments.id, claim), due))
    .returning();
  let expired = 0;
  for (const payment of claimed) {
    try {
      const refreshed = await refreshPayment(deps, payment);
      if (refreshed.status === PAYMENT_STATUS.pending && refreshed.expiresAt.getTime() <= now.getTime()) {
        await settlePayment(deps, payment.id, { outcome: 'fail', providerStatus: 'expired' });
        expired += 1;
      }
    } catch (error) {
      // The provider is unreachable: nobody can tell whether this one was paid, so it stays
      // pending and is asked again next round; the others go on.
      if (!(error instanceof ProviderError)) throw error;
    } finally {
      await deps.db.update(payments).set({ checkLeaseUntil: null }).where(eq(payments.id, payment.id));
    }
  }
  return { checked: claimed.length, expired };
}
