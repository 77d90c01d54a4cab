import { HOUR_MS, PAYMENT_STATUS } from '@portal/contract';
import {
  claimPendingPayments,
  refreshPayment,
  releasePaymentClaim,
  settlePayment,
  UNCONFIRMED,
  type PaymentsDeps,
} from '../payments/payments-service';
import { ProviderError } from '../payments/providers/provider';

const BATCH = 50;
const LEASE_MS = 60_000;
/**
 * A crypto payment sent just before its invoice expires may confirm on-chain much later; the
 * provider keeps reporting it pending meanwhile and has the final word. Only after this long
 * without one does the portal give up on it (and a later `paid` still credits it).
 */
export const PROVIDER_CONFIRMATION_CAP_MS = 72 * HOUR_MS;

/**
 * Re-checks pending payments with the provider, so a payment settles even when no webhook
 * arrives and nobody polls. A sandbox payment past its lifetime ends as `fail`; a provider's
 * payment ends when the provider says so, or after the confirmation cap.
 */
export async function reconcilePayments(
  deps: PaymentsDeps,
  signal?: AbortSignal,
): Promise<{ checked: number; expired: number }> {
  const now = deps.clock.now();
  const claimed = await claimPendingPayments(deps.db, deps.provider.name, now, BATCH, LEASE_MS);
  let expired = 0;
  // A payment that fails for another reason (an answer the portal cannot read) must not keep the
  // newer ones from being checked: the round goes on, then reports the first such error.
  let unexpected: unknown = null;
  for (const payment of claimed) {
    // Stopping: the claims left are released below, for the next round or another process.
    if (signal?.aborted) {
      await releasePaymentClaim(deps, payment.id);
      continue;
    }
    try {
      const refreshed = await refreshPayment(deps, payment);
      const deadline =
        refreshed.expiresAt.getTime() + (deps.provider.name === 'sandbox' ? 0 : PROVIDER_CONFIRMATION_CAP_MS);
      if (refreshed.status === PAYMENT_STATUS.pending && deadline <= now.getTime()) {
        // Closing at the cap tells the operators (payment_unconfirmed), in the same transaction.
        const providerStatus = deps.provider.name === 'sandbox' ? 'expired' : UNCONFIRMED;
        await settlePayment(deps, payment.id, { outcome: 'fail', providerStatus });
        expired += 1;
      }
    } catch (error) {
      // The provider is unreachable: nobody can tell whether this one was paid, so it stays
      // pending and is asked again next round; the others go on.
      if (!(error instanceof ProviderError)) unexpected ??= error;
    } finally {
      await releasePaymentClaim(deps, payment.id);
    }
  }
  if (unexpected !== null) throw unexpected;
  return { checked: claimed.length, expired };
}
