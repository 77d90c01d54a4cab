import { buyEndpoint, centsToDollars, historyEndpoint, refundEndpoint, transactionsEndpoint } from '@portal/contract';
import { gzipSync } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { sendJsonBytes } from '../plugins/snapshot-reply';
import { buyOrExtend, requestRefund, type RentalsDeps } from './rentals-service';
import type { HistoryCache } from './history-cache';
import { historyOf, transactionsOf, type GatewayAddress } from './rentals-views';

export interface RentalsRoutesOptions extends RentalsDeps {
  gateway: GatewayAddress;
  /** Serialized history answers kept between requests; without one, every call queries. */
  histories?: HistoryCache | undefined;
}

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const GZIP_MIN_BYTES = 1024;

/**
 * Each cached answer's compressed copy, made on its first request that takes gzip. Keyed by the
 * cached bytes themselves, so a copy lives exactly as long as its answer does.
 */
const compressed = new WeakMap<Buffer, Buffer>();

function gzipCopy(body: Buffer): Buffer | undefined {
  if (body.length < GZIP_MIN_BYTES) return undefined;
  let copy = compressed.get(body);
  if (!copy) {
    copy = gzipSync(body);
    compressed.set(body, copy);
  }
  return copy;
}

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
    // serialisation and, compressed once, no compression. The response schema still checks every
    // answer it makes.
    const compute = async () => {
      const history = await historyOf(deps.db, userId, gateway);
      const body = Buffer.from(String(reply.serialize({ success: true as const, history })));
      return { body, proxyIds: history.map((record) => record.id) };
    };
    const body = histories ? await histories.load(userId, compute) : (await compute()).body;
    return sendJsonBytes(request, reply, body, () => gzipCopy(body));
  });

  route(transactionsEndpoint, async (request) => ({
    success: true as const,
    transactions: await transactionsOf(deps.db, customerOf(request).id, gateway),
  }));
};
