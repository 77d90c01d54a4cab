import {
  API_PATHS,
  BuyRequestSchema,
  BuyResponseSchema,
  ErrorEnvelopeSchema,
  HistoryResponseSchema,
  RefundRequestSchema,
  RefundResponseSchema,
  TransactionsRequestSchema,
  TransactionsResponseSchema,
  centsToDollars,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { buyOrExtend, requestRefund, type RentalsDeps } from './rentals-service';
import { historyOf, transactionsOf, type GatewayAddress } from './rentals-views';

export interface RentalsRoutesOptions extends RentalsDeps {
  gateway: GatewayAddress;
}

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  402: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
};

export const rentalsRoutes: FastifyPluginAsyncZod<RentalsRoutesOptions> = async (app, options) => {
  const { gateway, ...deps } = options;
  const customer = requireCustomer(deps);

  app.post(
    API_PATHS.proxyBuy,
    {
      preHandler: customer,
      schema: {
        tags: ['rentals'],
        description: "Buys a proxy, or extends the caller's own connected or ready rental of it.",
        body: BuyRequestSchema,
        response: { 200: BuyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id, hours } = request.body;
      const result = await buyOrExtend(deps, customerOf(request).id, id, hours);
      const message =
        result.kind === 'purchase' ? 'Proxy purchased successfully!' : `Proxy successfully extended for ${hours} hours`;
      return { success: true as const, message, wallet: centsToDollars(result.walletCents) };
    },
  );

  app.post(
    API_PATHS.refundById,
    {
      preHandler: customer,
      schema: { tags: ['rentals'], body: RefundRequestSchema, response: { 200: RefundResponseSchema, ...errors } },
    },
    async (request) => {
      const walletCents = await requestRefund(deps, customerOf(request).id, request.body.proxy_id);
      return { success: true as const, status: 'refunded', wallet: centsToDollars(walletCents) };
    },
  );

  app.get(
    API_PATHS.proxyHistory,
    { preHandler: customer, schema: { tags: ['rentals'], response: { 200: HistoryResponseSchema, ...errors } } },
    async (request) => ({ success: true as const, history: await historyOf(deps.db, customerOf(request).id, gateway) }),
  );

  app.post(
    API_PATHS.paymentTransactions,
    {
      preHandler: customer,
      schema: {
        tags: ['rentals'],
        body: TransactionsRequestSchema,
        response: { 200: TransactionsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      transactions: await transactionsOf(deps.db, customerOf(request).id, gateway),
    }),
  );
};
