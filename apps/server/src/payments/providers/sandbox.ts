import { CRYPTO_METHODS } from '@portal/contract';
import type { PaymentProvider } from './provider';

/**
 * The embedded default for demos and tests: the checkout is the portal's own page `/pay/{uuid}`,
 * whose Pay and Fail buttons settle the payment directly. Production refuses it (config).
 */
export function createSandboxProvider(publicUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    services: async () => [...CRYPTO_METHODS],
    createInvoice: async (request) => ({
      providerPaymentId: request.paymentId,
      url: `${publicUrl}/pay/${request.paymentId}`,
      providerStatus: 'pending',
    }),
    // Nothing to ask: the sandbox's only source of truth is the portal's database.
    fetchState: async () => null,
    // Sandbox payments settle through their own route, never through a webhook.
    verifyWebhook: () => null,
  };
}
