import {
  API_PATHS,
  AutoRenewRequestSchema,
  AutoRenewResponseSchema,
  CredentialsRequestSchema,
  CredentialsResponseSchema,
  ErrorEnvelopeSchema,
  ExportChoiceSchema,
  ExportLinkCreateResponseSchema,
  ExportLinkIdParamsSchema,
  ExportLinkRevokeResponseSchema,
  ExportLinksResponseSchema,
  IpAuthRequestSchema,
  IpAuthResponseSchema,
  NoteRequestSchema,
  NoteResponseSchema,
  PullTokenParamsSchema,
  UsageQuerySchema,
  UsageResponseSchema,
  exportFile,
  type ExportChoice,
  type ExportFormat,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PortRange } from '../config';
import { z } from 'zod';
import { DomainError } from '../errors';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { createExportLink, exportFor, listExportLinks, pullList, revokeExportLink } from './export-links';
import { setIpAuth } from './ip-auth';
import { newCredentials, setNote, usageOf, type ControlsDeps } from './proxy-controls';
import { setAutoRenew } from './rentals-service';
import type { GatewayAddress } from './rentals-views';

export interface ControlsRoutesOptions extends ControlsDeps {
  /** With the range of own ports for IP authorization (null: not offered). */
  gateway: GatewayAddress & { portRange: PortRange | null };
  /** Where pull links point: the portal's public address. */
  publicUrl: string;
}

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
  503: ErrorEnvelopeSchema,
};

/** The schema has made sure exactly one of the two is there. */
const choiceOf = (value: { format?: ExportFormat; template?: string }): ExportChoice =>
  value.template !== undefined ? { template: value.template } : { format: value.format ?? 'ip:port:user:pass' };

/**
 * The proxy controls customers know from the big sellers (issue 16): a new password, a note,
 * exports in any format or template, and secret pull links that tools load lists from.
 */
export const controlsRoutes: FastifyPluginAsyncZod<ControlsRoutesOptions> = async (app, options) => {
  const { gateway, publicUrl, ...deps } = options;
  const customer = requireCustomer(deps);

  app.post(
    API_PATHS.proxyCredentials,
    {
      preHandler: customer,
      schema: {
        tags: ['rentals'],
        description: 'Issues a new password for your rental of this proxy; the old one stops working within a second.',
        body: CredentialsRequestSchema,
        response: { 200: CredentialsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await newCredentials(deps, customerOf(request).id, request.body.proxy_id, gateway);
      return { success: true as const, proxy: result.proxy, proxy_pwd: result.password };
    },
  );

  app.post(
    API_PATHS.proxyNote,
    {
      preHandler: customer,
      schema: { tags: ['rentals'], body: NoteRequestSchema, response: { 200: NoteResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      note: await setNote(deps, customerOf(request).id, request.body.proxy_id, request.body.note),
    }),
  );

  app.post(
    API_PATHS.proxyAutoRenew,
    {
      preHandler: customer,
      schema: {
        tags: ['rentals'],
        description:
          'At end_time, extends the rental by its last period from the wallet, at the price of that day. ' +
          'proxy_id may be one id or a list (a selection): all change or, if one is not yours, none (404).',
        body: AutoRenewRequestSchema,
        response: { 200: AutoRenewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { proxy_id: selection, enabled } = request.body;
      const proxyIds = Array.isArray(selection) ? selection : [selection];
      const count = await setAutoRenew(deps, customerOf(request).id, proxyIds, enabled);
      return { success: true as const, auto_renew: enabled, count };
    },
  );

  app.post(
    API_PATHS.proxyIpAuth,
    {
      preHandler: customer,
      schema: {
        tags: ['rentals'],
        description:
          'IP authorization: up to 5 sources (IPv4/IPv6, CIDR up to /24 and /64) may use the rental without a password on its own gateway port (SOCKS5 and HTTP); [] turns it off and frees the port. 503 IP_AUTH_UNAVAILABLE when the server offers none, IP_AUTH_PORTS_EXHAUSTED when no port is free.',
        body: IpAuthRequestSchema,
        response: { 200: IpAuthResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { proxy_id: proxyId, ips } = request.body;
      const ipAuth = await setIpAuth(deps, gateway.portRange, customerOf(request).id, proxyId, ips);
      return {
        success: true as const,
        ip_auth: ipAuth,
        address: ipAuth ? `${gateway.host.includes(':') ? `[${gateway.host}]` : gateway.host}:${ipAuth.port}` : null,
      };
    },
  );

  app.get(
    API_PATHS.proxyUsage,
    {
      preHandler: customer,
      schema: {
        tags: ['rentals'],
        description: 'Hourly gateway traffic of your rental of this proxy (at most the last 30 days).',
        querystring: UsageQuerySchema,
        response: { 200: UsageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      usage: await usageOf(deps, customerOf(request).id, request.query.proxy_id),
    }),
  );

  app.get(
    API_PATHS.proxyExport,
    {
      preHandler: customer,
      schema: {
        tags: ['rentals'],
        description: 'Your connected proxies as a file: a format or a template with {placeholders}.',
        querystring: ExportChoiceSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const choice = choiceOf(request.query);
      const file = exportFile(choice);
      reply.type(file.type).header('content-disposition', `attachment; filename="${file.name}"`);
      return exportFor(deps.db, customerOf(request).id, gateway, choice);
    },
  );

  app.get(
    API_PATHS.proxyExportLinks,
    { preHandler: customer, schema: { tags: ['rentals'], response: { 200: ExportLinksResponseSchema, ...errors } } },
    async (request) => ({ success: true as const, links: await listExportLinks(deps.db, customerOf(request).id) }),
  );

  app.post(
    API_PATHS.proxyExportLinks,
    {
      preHandler: customer,
      schema: {
        tags: ['rentals'],
        description: 'A secret URL answering your connected proxies as plain text, always current. Shown once.',
        body: ExportChoiceSchema,
        response: { 200: ExportLinkCreateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { link, token } = await createExportLink(
        deps.db,
        customerOf(request).id,
        choiceOf(request.body),
        deps.clock.now(),
      );
      return { success: true as const, link, url: `${publicUrl}${API_PATHS.pull(token)}` };
    },
  );

  app.delete(
    '/api/proxy/export-links/:id',
    {
      preHandler: customer,
      schema: {
        tags: ['rentals'],
        params: ExportLinkIdParamsSchema,
        response: { 200: ExportLinkRevokeResponseSchema, ...errors },
      },
    },
    async (request) => {
      await revokeExportLink(deps.db, customerOf(request).id, request.params.id, deps.clock.now());
      return { success: true as const };
    },
  );

  app.get(
    '/api/pull/:token',
    {
      // The token is 192 random bits; the limit only keeps scanners from costing us queries.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['rentals'],
        description: 'A pull link: plain text, no header needed. 404 once revoked.',
        params: PullTokenParamsSchema,
        response: { 200: z.string(), 404: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const text = await pullList(deps.db, request.params.token, gateway);
      if (text === null) throw new DomainError('NOT_FOUND');
      reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store');
      return text;
    },
  );
};
