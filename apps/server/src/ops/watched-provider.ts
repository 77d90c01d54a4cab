import type { PaymentProvider } from '../payments/providers/provider';
import { ProviderError } from '../payments/providers/provider';
import type { Alerts } from './alerts-service';

/** Failed calls in a row that make a provider "failing": one timeout is not an episode. */
export const PROVIDER_FAILURES_TO_ALERT = 3;

/**
 * The payment provider with its calls watched: PROVIDER_FAILURES_TO_ALERT failed calls
 * in a row raise `payment_provider`, the next call that succeeds clears it. Webhook signatures are
 * checked locally and are not watched. The provider's own words stay out of the alert: they may
 * quote an API key or an invoice.
 */
export function watchedProvider(provider: PaymentProvider, alerts: Alerts): PaymentProvider {
  let failures = 0;
  const watch = async <T>(operation: string, call: () => Promise<T>): Promise<T> => {
    try {
      const result = await call();
      failures = 0;
      alerts.clear('payment_provider', { provider: provider.name });
      return result;
    } catch (error) {
      if (error instanceof ProviderError) {
        failures += 1;
        if (failures >= PROVIDER_FAILURES_TO_ALERT) {
          alerts.raise('payment_provider', { provider: provider.name, operation, failures });
        }
      }
      throw error;
    }
  };
  return {
    name: provider.name,
    services: () => watch('services', () => provider.services()),
    createInvoice: (request) => watch('createInvoice', () => provider.createInvoice(request)),
    fetchState: (id, cents) => watch('fetchState', () => provider.fetchState(id, cents)),
    verifyWebhook: (rawBody, headers) => provider.verifyWebhook(rawBody, headers),
  };
}
