import { buyEndpoint, centsToDollars, historyEndpoint, refundEndpoint, transactionsEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { buyOrExtend, requestRefund, type RentalsDeps } from './rentals-service';
import type { HistoryCache } from './history-cache';
import { historyOf, transactionsOf, type GatewayAddress } from './rentals-views';

export interface RentalsRoutesOptions extends RentalsDeps {
  gateway: GatewayAddress;
  /** Serialized history answers kept between requests; without one, every call queries. */
  histories?: HistoryCache | undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export const rentalsRoutes: FastifyPluginAsyncZod<RentalsRoutesOptions> = async (app, options) => {
  const { gateway, histories, ...deps } = options;
  const route = endpointRoutes(app, { customer: requireCustomer(deps) });

  route(buyEndpoint, async (request) => {
    const { id, hours } = request.body;
    const result = await buyOrExtend(deps, customerOf(request).id, id, hours);
    const message =
      result.kind === 'purchase' ? 'Proxy purchased successfully!' : `Proxy successfully extended for ${hours} hours`;
    return { success: true as const, message, wallet: centsToDollars(result.walletCents) };
  });

  route(refundEndpoint, async (request) => {
    const walletCents = await requestRefund(deps, customerOf(request).id, request.body.proxy_id);
    return { success: true as const, status: 'refunded', wallet: centsToDollars(walletCents) };
  });

  route(historyEndpoint, async (request, reply) => {
    const userId = customerOf(request).id;
    // Bytes with a JSON type are sent as they are: a cached answer costs no query, no
    // serialisation and no encoding. The response schema still checks every answer it makes.
    const compute = async () => {
      const history = await historyOf(deps.db, userId, gateway);
      const body = Buffer.from(String(reply.serialize({ success: true as const, history })));
      return { body, proxyIds: history.map((record) => record.id) };
    };
    const body = histories ? await histories.load(userId, compute) : (await compute()).body;
    return reply.type(JSON_TYPE).send(body);
  });

  route(transactionsEndpoint, async (request) => ({
    success: true as const,
    transactions: await transactionsOf(deps.db, customerOf(request).id, gateway),
  }));
};
