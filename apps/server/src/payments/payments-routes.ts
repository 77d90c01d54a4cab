import {
  centsToDollars,
  formatCents,
  giftcardEndpoint,
  paymentCreateEndpoint,
  paymentHistoryEndpoint,
  paymentServicesEndpoint,
  paymentStatusEndpoint,
  sandboxPaymentEndpoint,
  sandboxSettleEndpoint,
  wholeDollarsToCents,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../errors';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { redeemGiftcard } from './giftcards-service';
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

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsDeps> = async (app, deps) => {
  const route = endpointRoutes(app, { customer: requireCustomer(deps) });

  route(paymentServicesEndpoint, async () => {
    try {
      return { success: true as const, services: await deps.provider.services() };
    } catch (error) {
      if (error instanceof ProviderError) throw new DomainError('PROVIDER_UNAVAILABLE');
      throw error;
    }
  });

  route(paymentCreateEndpoint, async (request) => {
    const payment = await createPayment(deps, customerOf(request).id, {
      amountCents: wholeDollarsToCents(request.body.amount),
      method: request.body.currency,
    });
    return { success: true as const, uuid: payment.id, url: payment.url };
  });

  route(paymentStatusEndpoint, async (request) => ({
    success: true as const,
    status: await checkPayment(deps, customerOf(request).id, request.params.uuid),
  }));

  route(paymentHistoryEndpoint, async (request) => ({
    success: true as const,
    payments: await paymentHistory(deps, customerOf(request).id),
  }));

  route(
    giftcardEndpoint,
    async (request) => {
      const { amountCents } = await redeemGiftcard(deps, customerOf(request).id, request.body.giftcard);
      return {
        success: true as const,
        amount: centsToDollars(amountCents),
        message: `Gift card activated: ${formatCents(amountCents)} added to your wallet`,
      };
    },
    {
      config: {
        rateLimit: {
          max: deps.giftcardRateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: () => new DomainError('GIFTCARD_RATE_LIMITED'),
        },
      },
    },
  );

  // The sandbox checkout exists only while the sandbox provider is active (production refuses it).
  if (deps.provider.name === 'sandbox') {
    route(sandboxPaymentEndpoint, async (request) => {
      const payment = await findPaymentById(deps, request.params.uuid);
      if (!payment) throw new DomainError('PAYMENT_NOT_FOUND');
      return {
        success: true as const,
        uuid: payment.id,
        amount: centsToDollars(payment.amountCents),
        method: payment.method,
        status: clientStatus(payment),
      };
    });

    route(sandboxSettleEndpoint, async (request) => {
      // The uuid is the capability, as a real provider's checkout link is.
      const payment = await findPaymentById(deps, request.params.uuid);
      if (!payment) throw new DomainError('PAYMENT_NOT_FOUND');
      const { outcome } = request.body;
      const settled = await settlePayment(deps, payment.id, { outcome, providerStatus: outcome });
      return { success: true as const, status: clientStatus(settled) };
    });
  }
};
