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
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { buyOrExtend, requestRefund, type RentalsDeps } from './rentals-service';
import type { HistoryCache } from './history-cache';
import { historyOf, transactionsOf, type GatewayAddress } from './rentals-views';

export interface RentalsRoutesOptions extends RentalsDeps {
  gateway: GatewayAddress;
  /** Serialized history answers kept between requests; without one, every call queries. */
  histories?: HistoryCache | undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  402: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
};

export const rentalsRoutes: FastifyPluginAsyncZod<RentalsRoutesOptions> = async (app, options) => {
  const { gateway, histories, ...deps } = options;
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

  // Answers a serialized string, which the zod type provider's reply types cannot express; the
  // response schema still serializes (and checks) every answer that is not cached.
  app
    .withTypeProvider<FastifyTypeProviderDefault>()
    .get(
      API_PATHS.proxyHistory,
      { preHandler: customer, schema: { tags: ['rentals'], response: { 200: HistoryResponseSchema, ...errors } } },
      async (request, reply) => {
        const userId = customerOf(request).id;
        // A string with a JSON type is sent as it is: a cached answer costs no query and no serialisation.
        const compute = async () => {
          const history = await historyOf(deps.db, userId, gateway);
          const body = String(reply.serialize({ success: true as const, history }));
          return { body, proxyIds: history.map((record) => record.id) };
        };
        const body = histories ? await histories.load(userId, compute) : (await compute()).body;
        return reply.type(JSON_TYPE).send(body);
      },
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
