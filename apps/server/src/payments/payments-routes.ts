import {
  API_PATHS,
  ErrorEnvelopeSchema,
  GiftcardRequestSchema,
  GiftcardResponseSchema,
  PaymentCreateRequestSchema,
  PaymentCreateResponseSchema,
  PaymentHistoryResponseSchema,
  PaymentServicesResponseSchema,
  PaymentStatusRequestSchema,
  PaymentStatusResponseSchema,
  PaymentUuidParamsSchema,
  SandboxOutcomeRequestSchema,
  SandboxPaymentResponseSchema,
  centsToDollars,
  formatDollars,
  wholeDollarsToCents,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../errors';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { redeemGiftcard } from './giftcards';
import {
  checkPayment,
  clientStatus,
  createPayment,
  findPaymentById,
  paymentHistory,
  settlePayment,
  type PaymentsDeps,
} from './payments-service';
import { ProviderError } from './providers/provider';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
  502: ErrorEnvelopeSchema,
};

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsDeps> = async (app, deps) => {
  const customer = requireCustomer(deps);

  app.get(
    API_PATHS.paymentServices,
    {
      preHandler: customer,
      schema: { tags: ['payments'], response: { 200: PaymentServicesResponseSchema, ...errors } },
    },
    async () => {
      try {
        return { success: true as const, services: await deps.provider.services() };
      } catch (error) {
        if (error instanceof ProviderError) throw new DomainError('PROVIDER_UNAVAILABLE');
        throw error;
      }
    },
  );

  app.post(
    API_PATHS.paymentCreate,
    {
      preHandler: customer,
      schema: {
        tags: ['payments'],
        body: PaymentCreateRequestSchema,
        response: { 200: PaymentCreateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const payment = await createPayment(deps, customerOf(request).id, {
        amountCents: wholeDollarsToCents(request.body.amount),
        method: request.body.currency,
      });
      return { success: true as const, uuid: payment.id, url: payment.url };
    },
  );

  app.post(
    '/api/payments/status/:uuid',
    {
      preHandler: customer,
      schema: {
        tags: ['payments'],
        params: PaymentUuidParamsSchema,
        body: PaymentStatusRequestSchema.partial().nullish(),
        response: { 200: PaymentStatusResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      status: await checkPayment(deps, customerOf(request).id, request.params.uuid),
    }),
  );

  app.get(
    API_PATHS.paymentHistory,
    {
      preHandler: customer,
      schema: { tags: ['payments'], response: { 200: PaymentHistoryResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, payments: await paymentHistory(deps, customerOf(request).id) }),
  );

  app.post(
    API_PATHS.giftcard,
    {
      preHandler: customer,
      config: {
        rateLimit: {
          max: deps.giftcardRateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: () => new DomainError('GIFTCARD_RATE_LIMITED'),
        },
      },
      schema: { tags: ['payments'], body: GiftcardRequestSchema, response: { 200: GiftcardResponseSchema, ...errors } },
    },
    async (request) => {
      const { amountCents } = await redeemGiftcard(deps, customerOf(request).id, request.body.giftcard);
      return {
        success: true as const,
        amount: centsToDollars(amountCents),
        message: `Gift card activated: ${formatDollars(amountCents / 100)} added to your wallet`,
      };
    },
  );

  // The sandbox checkout exists only while the sandbox provider is active (production refuses it).
  if (deps.provider.name === 'sandbox') {
    app.get(
      '/api/payments/sandbox/:uuid',
      {
        schema: {
          tags: ['payments'],
          params: PaymentUuidParamsSchema,
          response: { 200: SandboxPaymentResponseSchema, ...errors },
        },
      },
      async (request) => {
        const payment = await findPaymentById(deps, request.params.uuid);
        if (!payment) throw new DomainError('PAYMENT_NOT_FOUND');
        return {
          success: true as const,
          uuid: payment.id,
          amount: centsToDollars(payment.amountCents),
          method: payment.method,
          status: clientStatus(payment),
        };
      },
    );

    app.post(
      '/api/payments/sandbox/:uuid',
      {
        schema: {
          tags: ['payments'],
          params: PaymentUuidParamsSchema,
          body: SandboxOutcomeRequestSchema,
          response: { 200: PaymentStatusResponseSchema, ...errors },
        },
      },
      async (request) => {
        // The uuid is the capability, as a real provider's checkout link is.
        const payment = await findPaymentById(deps, request.params.uuid);
        if (!payment) throw new DomainError('PAYMENT_NOT_FOUND');
        const { outcome } = request.body;
        const settled = await settlePayment(deps, payment.id, { outcome, providerStatus: outcome });
        return { success: true as const, status: clientStatus(settled) };
      },
    );
  }
};
