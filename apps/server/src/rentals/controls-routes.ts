import {
  endpointPath,
  autoRenewEndpoint,
  credentialsEndpoint,
  exportEndpoint,
  exportFile,
  exportLinkCreateEndpoint,
  exportLinkRevokeEndpoint,
  exportLinksEndpoint,
  ipAuthEndpoint,
  noteEndpoint,
  pullEndpoint,
  usageEndpoint,
  type ExportChoice,
  type ExportFormat,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../errors';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { createExportLink, exportFor, listExportLinks, pullList, revokeExportLink } from './export-links';
import { setIpAuth, type OwnPortPolicy } from './ip-auth';
import { newCredentials, setNote, usageOf, type ControlsDeps } from './proxy-controls';
import { setAutoRenew } from './rentals-service';
import { addressOfProxy, hostPort } from '../nodes/node-address';
import type { GatewayAddress } from './rentals-views';

export interface ControlsRoutesOptions extends ControlsDeps {
  /** With the range of own ports for IP authorization (null: not offered). */
  gateway: GatewayAddress & OwnPortPolicy;
  /** Where pull links point: the portal's public address. */
  publicUrl: string;
}

/** The schema has made sure exactly one of the two is there. */
const choiceOf = (value: { format?: ExportFormat; template?: string }): ExportChoice =>
  value.template !== undefined ? { template: value.template } : { format: value.format ?? 'ip:port:user:pass' };

/**
 * The proxy controls customers know from the big sellers: a new password, a note,
 * exports in any format or template, and secret pull links that tools load lists from.
 */
export const controlsRoutes: FastifyPluginAsyncZod<ControlsRoutesOptions> = async (app, options) => {
  const { gateway, publicUrl, ...deps } = options;
  const route = endpointRoutes(app, { customer: requireCustomer(deps) });

  route(credentialsEndpoint, async (request) => {
    const result = await newCredentials(deps, customerOf(request).id, request.body.proxy_id, gateway);
    return { success: true as const, proxy: result.proxy, proxy_pwd: result.password };
  });

  route(noteEndpoint, async (request) => ({
    success: true as const,
    note: await setNote(deps, customerOf(request).id, request.body.proxy_id, request.body.note),
  }));

  route(autoRenewEndpoint, async (request) => {
    const { proxy_id: selection, enabled } = request.body;
    const proxyIds = Array.isArray(selection) ? selection : [selection];
    const count = await setAutoRenew(deps, customerOf(request).id, proxyIds, enabled);
    return { success: true as const, auto_renew: enabled, count };
  });

  route(ipAuthEndpoint, async (request) => {
    const { proxy_id: proxyId, ips } = request.body;
    const ipAuth = await setIpAuth(deps, gateway, customerOf(request).id, proxyId, ips);
    return {
      success: true as const,
      ip_auth: ipAuth,
      address: ipAuth ? hostPort((await addressOfProxy(deps.db, proxyId, gateway)).host, ipAuth.port) : null,
    };
  });

  route(usageEndpoint, async (request) => ({
    success: true as const,
    usage: await usageOf(deps, customerOf(request).id, request.query.proxy_id),
  }));

  route(exportEndpoint, async (request, reply) => {
    const choice = choiceOf(request.query);
    const file = exportFile(choice);
    reply.type(file.type).header('content-disposition', `attachment; filename="${file.name}"`);
    return exportFor(deps.db, customerOf(request).id, gateway, choice);
  });

  route(exportLinksEndpoint, async (request) => ({
    success: true as const,
    links: await listExportLinks(deps.db, customerOf(request).id),
  }));

  route(exportLinkCreateEndpoint, async (request) => {
    const { link, token } = await createExportLink(
      deps.db,
      customerOf(request).id,
      choiceOf(request.body),
      deps.clock.now(),
    );
    return { success: true as const, link, url: `${publicUrl}${endpointPath(pullEndpoint, { token })}` };
  });

  route(exportLinkRevokeEndpoint, async (request) => {
    await revokeExportLink(deps.db, customerOf(request).id, request.params.id, deps.clock.now());
    return { success: true as const };
  });

  route(
    pullEndpoint,
    async (request, reply) => {
      const text = await pullList(deps.db, request.params.token, gateway);
      if (text === null) throw new DomainError('NOT_FOUND');
      reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store');
      return text;
    },
    // The token is 192 random bits; the limit only keeps scanners from costing us queries.
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
  );
};
