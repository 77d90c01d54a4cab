import { ErrorEnvelopeSchema } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payments } from '../db/schema';
import { DomainError } from '../errors';
import { isStorableText, unstorableTextError } from '../plugins/text-input';
import { refreshPayment, type PaymentsDeps } from './payments-service';

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

  app.post(
    '/api/payments/webhook/:provider',
    {
      schema: {
        tags: ['payments'],
        params: z.object({ provider: z.string().max(20) }),
        response: {
          200: z.object({ success: z.literal(true) }),
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (request.params.provider !== deps.provider.name || deps.provider.name === 'sandbox') {
        throw new DomainError('NOT_FOUND');
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const providerPaymentId = deps.provider.verifyWebhook(raw, request.headers);
      if (!providerPaymentId) {
        request.log.warn({ provider: deps.provider.name }, 'webhook with an invalid signature refused');
        throw new DomainError('WEBHOOK_SIGNATURE_INVALID');
      }
      // The raw body skips the app-wide text check: the one value used from it is checked here.
      if (!isStorableText(providerPaymentId)) throw unstorableTextError('invoiceId');
      const [payment] = await deps.db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, deps.provider.name), eq(payments.providerPaymentId, providerPaymentId)));
      // Unknown payments are acknowledged, so the provider stops retrying something we never made.
      if (payment) await refreshPayment(deps, payment);
      return { success: true as const };
    },
  );
};
