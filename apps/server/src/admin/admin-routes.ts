import {
  adjustBalanceEndpoint,
  adminLoginEndpoint,
  adminLogoutEndpoint,
  adminVerifyEndpoint,
  auditEndpoint,
  centsToDollars,
  createGiftcardsEndpoint,
  disableProxyEndpoint,
  enableProxyEndpoint,
  IMPORT_BODY_LIMIT,
  importProxiesEndpoint,
  inventoryEndpoint,
  listGiftcardsEndpoint,
  revealGiftcardEndpoint,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adjustCustomerBalance } from '../accounts/accounts-service';
import { DomainError } from '../errors';
import { importInventory, listInventory, setProxyEnabledBy } from '../inventory/inventory-service';
import { disableProxyBy } from '../inventory/proxy-disable';
import { sourceKey } from '../lib/failure-throttle';
import { listGiftcards } from '../payments/giftcards';
import { createGiftcardBatch, revealGiftcard } from '../payments/giftcards-service';
import { endpointRoutes } from '../plugins/endpoint-routes';
import {
  adminActorOf,
  adminLogin,
  adminLogout,
  adminSessionOf,
  isAdminTokenValid,
  requireAdmin,
  type AdminAuthDeps,
} from './admin-auth';
import { listAudit } from './audit';

export interface AdminRoutesOptions extends AdminAuthDeps {
  loginRateLimit: number;
  /** RENTAL_SOURCE_WINDOW_HOURS: the inventory counts a rental's client addresses within it. */
  sourceWindowMs: number;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { loginRateLimit, sourceWindowMs, ...deps } = options;
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  route(
    adminLoginEndpoint,
    async (request) => {
      const { token, expiresAt } = await adminLogin(deps, request.body, {
        source: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { success: true as const, token, expiresAt: expiresAt.toISOString() };
    },
    {
      config: {
        rateLimit: {
          max: loginRateLimit,
          timeWindow: '1 minute',
          // An IPv6 subscriber holds a whole /64: counted as one source, as the gateway does.
          keyGenerator: (request: FastifyRequest) => sourceKey(request.ip),
          errorResponseBuilder: (_request: unknown, context: { after: string }) =>
            new DomainError('ADMIN_RATE_LIMITED', {
              message: `Too many admin login attempts. Try again in ${context.after}.`,
            }),
        },
      },
    },
  );

  route(adminVerifyEndpoint, async (request) => {
    if (!(await isAdminTokenValid(deps, request.body.token))) throw new DomainError('ADMIN_TOKEN_INVALID');
    return { success: true as const };
  });

  route(adminLogoutEndpoint, async (request) => {
    await adminLogout(deps, adminSessionOf(request), request.ip);
    return { success: true as const };
  });

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

  route(adjustBalanceEndpoint, async (request) => {
    const { customerId, balanceCents } = await adjustCustomerBalance(deps, adminActorOf(request), request.body);
    return { success: true as const, customerId, wallet: centsToDollars(balanceCents) };
  });

  route(createGiftcardsEndpoint, async (request) => ({
    success: true as const,
    codes: await createGiftcardBatch(deps, adminActorOf(request), request.body),
  }));

  route(listGiftcardsEndpoint, async () => ({ success: true as const, giftcards: await listGiftcards(deps.db) }));

  route(revealGiftcardEndpoint, async (request) => ({
    success: true as const,
    id: request.params.id,
    code: await revealGiftcard(deps, adminActorOf(request), request.params.id),
  }));

  route(auditEndpoint, async (request) => {
    const { from, to, ...query } = request.query;
    return {
      success: true as const,
      ...(await listAudit(deps.db, {
        ...query,
        from: from === undefined ? undefined : new Date(from),
        to: to === undefined ? undefined : new Date(to),
      })),
    };
  });
};
