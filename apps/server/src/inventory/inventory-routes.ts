import {
  disableProxyEndpoint,
  enableProxyEndpoint,
  IMPORT_BODY_LIMIT,
  importProxiesEndpoint,
  inventoryEndpoint,
  setProxyMaxConnectionsEndpoint,
  setProxyMaxSourceIpsEndpoint,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf, requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { importInventory, listInventory, setProxyEnabledBy, setProxyLimitBy } from './inventory-service';
import { disableProxyBy } from './proxy-disable';

export interface InventoryRoutesOptions extends AdminAuthDeps {
  /** RENTAL_SOURCE_WINDOW_HOURS: the inventory counts a rental's client addresses within it. */
  sourceWindowMs: number;
}

/**
 * The operator's inventory: imports (JSON, CSV or plain text), the list, taking a proxy out of
 * the catalogue and back, and the per-proxy limits on one rental's connections and client addresses.
 */
export const inventoryRoutes: FastifyPluginAsyncZod<InventoryRoutesOptions> = async (app, options) => {
  const { sourceWindowMs, ...deps } = options;
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  // Fastify reads text/plain by itself; CSV only where a parser is registered, and a parser
  // holds within the plugin that registers it, so the import's route and its parser stay together.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  route(importProxiesEndpoint, async (request) => {
    const body = typeof request.body === 'string' ? request.body : request.body.proxies;
    const stored = await importInventory(deps, adminActorOf(request), body, request.query);
    return { success: true as const, added: stored.ids.length, ...stored };
  });

  route(inventoryEndpoint, async () => ({
    success: true as const,
    proxies: await listInventory(deps.db, new Date(deps.clock.now().getTime() - sourceWindowMs)),
  }));

  route(enableProxyEndpoint, async (request) => {
    await setProxyEnabledBy(deps, adminActorOf(request), request.params.id, true);
    return { success: true as const, id: request.params.id, enabled: true };
  });

  route(disableProxyEndpoint, async (request) => {
    const outcome = await disableProxyBy(deps, adminActorOf(request), request.params.id, request.body ?? {});
    return { success: true as const, id: request.params.id, ...outcome };
  });

  route(setProxyMaxConnectionsEndpoint, async (request) => {
    const { id } = request.params;
    const { maxConnections } = request.body;
    await setProxyLimitBy(deps, adminActorOf(request), id, 'maxConnections', maxConnections);
    return { success: true as const, id, maxConnections };
  });

  route(setProxyMaxSourceIpsEndpoint, async (request) => {
    const { id } = request.params;
    const { maxSourceIps } = request.body;
    await setProxyLimitBy(deps, adminActorOf(request), id, 'maxSourceIps', maxSourceIps);
    return { success: true as const, id, maxSourceIps };
  });
};
