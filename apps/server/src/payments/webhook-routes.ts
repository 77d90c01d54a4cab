import { webhookEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../errors';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { isStorableText, unstorableTextError } from '../plugins/text-input';
import { findByProviderId, refreshPayment, type PaymentsDeps } from './payments-service';

/**
 * Provider webhooks. Signatures are computed over the exact bytes received, so this plugin keeps
 * the raw body; nothing in the body is trusted beyond naming a payment, whose state is then read
 * back from the provider before anything is credited.
 */
export const webhookRoutes: FastifyPluginAsyncZod<PaymentsDeps> = async (app, deps) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  const route = endpointRoutes(app, {});
  route(webhookEndpoint, async (request) => {
    if (request.params.provider !== deps.provider.name || deps.provider.name === 'sandbox') {
      throw new DomainError('NOT_FOUND');
    }
    // The raw-body parser above hands over the bytes; the endpoint's JSON schema only describes them.
    const body: unknown = request.body;
    const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const providerPaymentId = deps.provider.verifyWebhook(raw, request.headers);
    if (!providerPaymentId) {
      request.log.warn({ provider: deps.provider.name }, 'webhook with an invalid signature refused');
      throw new DomainError('WEBHOOK_SIGNATURE_INVALID');
    }
    // The raw body skips the app-wide text check: the one value used from it is checked here.
    if (!isStorableText(providerPaymentId)) throw unstorableTextError('invoiceId');
    const payment = await findByProviderId(deps, providerPaymentId);
    // Unknown payments are acknowledged, so the provider stops retrying something we never made.
    if (payment) await refreshPayment(deps, payment);
    return { success: true as const };
  });
};
