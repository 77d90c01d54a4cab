import {
  API_PATHS,
  GiftcardCreateRequestSchema,
  GiftcardCreateResponseSchema,
  BalanceAdjustRequestSchema,
  BalanceAdjustResponseSchema,
  centsToDollars,
  AdminLoginRequestSchema,
  AdminLoginResponseSchema,
  AdminVerifyRequestSchema,
  AdminVerifyResponseSchema,
  AdminLogoutResponseSchema,
  ErrorEnvelopeSchema,
  ProxyEnabledResponseSchema,
  ProxyIdParamsSchema,
  ProxyImportRequestSchema,
  ProxyImportResponseSchema,
  InventoryListResponseSchema,
  GiftcardListResponseSchema,
  AuditListResponseSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../errors';
import { parseCsv, validateImportRows } from '../inventory/inventory-import';
import { insertProxies, listInventory, setProxyEnabled } from '../inventory/inventory-repository';
import { findCustomerId } from '../accounts/accounts-repository';
import { adjustBalance } from '../ledger/ledger';
import { createGiftcards, listGiftcards } from '../payments/giftcards';
import {
  adminActorOf,
  adminLogin,
  adminLogout,
  adminTokenIdOf,
  isAdminTokenValid,
  requireAdmin,
  type AdminAuthDeps,
} from './admin-auth';
import { listAudit, recordAudit } from './audit';

export interface AdminRoutesOptions extends AdminAuthDeps {
  loginRateLimit: number;
}

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  413: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
};

/** Inventory files can be large: 20,000 CSV rows fit in this. */
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { loginRateLimit, ...deps } = options;
  const admin = requireAdmin(deps);
  const audit = (request: FastifyRequest, action: string, details: Record<string, unknown>) =>
    recordAudit(deps.db, { actor: adminActorOf(request), action, details, at: deps.clock.now() });

  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    API_PATHS.adminLogin,
    {
      config: {
        rateLimit: {
          max: loginRateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: (_request: unknown, context: { after: string }) =>
            new DomainError('ADMIN_RATE_LIMITED', {
              message: `Too many admin login attempts. Try again in ${context.after}.`,
            }),
        },
      },
      schema: {
        tags: ['admin'],
        body: AdminLoginRequestSchema,
        response: { 200: AdminLoginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { token, expiresAt } = await adminLogin(deps, request.body.secretCode, request.ip);
      return { success: true as const, token, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    API_PATHS.adminVerify,
    {
      schema: {
        tags: ['admin'],
        body: AdminVerifyRequestSchema,
        response: { 200: AdminVerifyResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await isAdminTokenValid(deps, request.body.token))) throw new DomainError('ADMIN_TOKEN_INVALID');
      return { success: true as const };
    },
  );

  app.post(
    API_PATHS.adminLogout,
    {
      preHandler: admin,
      schema: { tags: ['admin'], response: { 200: AdminLogoutResponseSchema, ...errors } },
    },
    async (request) => {
      await adminLogout(deps, adminTokenIdOf(request), request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/api/admin/proxies',
    {
      preHandler: admin,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        description: 'Imports proxies as JSON {proxies:[...]} or as CSV (text/csv) with a header row; all or nothing.',
        body: z.union([ProxyImportRequestSchema, z.string()]),
        response: { 200: ProxyImportResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = typeof request.body === 'string' ? parseCsv(request.body) : request.body.proxies;
      const ids = await insertProxies(deps.db, validateImportRows(rows), deps.clock.now());
      await audit(request, 'proxies.import', { added: ids.length, firstId: ids[0], lastId: ids[ids.length - 1] });
      return { success: true as const, added: ids.length, ids };
    },
  );

  app.get(
    '/api/admin/proxies',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        response: { 200: InventoryListResponseSchema, ...errors },
      },
    },
    async () => ({ success: true as const, proxies: await listInventory(deps.db) }),
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `/api/admin/proxies/:id/${action}`,
      {
        preHandler: admin,
        schema: {
          tags: ['admin'],
          params: ProxyIdParamsSchema,
          response: { 200: ProxyEnabledResponseSchema, ...errors },
        },
      },
      async (request) => {
        await setProxyEnabled(deps.db, request.params.id, enabled);
        await audit(request, `proxies.${action}`, { id: request.params.id });
        return { success: true as const, id: request.params.id, enabled };
      },
    );
  }

  app.post(
    '/api/admin/customers/adjust',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        description: "Changes a customer's balance (by id or referral key) with a reason; never below zero.",
        body: BalanceAdjustRequestSchema,
        response: { 200: BalanceAdjustResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { customer, amount, reason } = request.body;
      const customerId = await findCustomerId(deps.db, String(customer));
      const balance = await adjustBalance(deps.db, {
        userId: customerId,
        amountCents: Math.round(amount * 100),
        reason,
        at: deps.clock.now(),
      });
      await audit(request, 'customers.adjust', { customerId, amount, reason });
      return { success: true as const, customerId, wallet: centsToDollars(balance) };
    },
  );

  app.post(
    '/api/admin/giftcards',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        description: 'Creates `count` gift card codes worth `amount` dollars each.',
        body: GiftcardCreateRequestSchema,
        response: { 200: GiftcardCreateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const codes = await createGiftcards(deps.db, {
        amountCents: Math.round(request.body.amount * 100),
        count: request.body.count,
        at: deps.clock.now(),
      });
      // The codes themselves stay out of the log: anyone reading it could redeem them.
      await audit(request, 'giftcards.create', { amount: request.body.amount, count: codes.length });
      return { success: true as const, codes };
    },
  );

  app.get(
    '/api/admin/giftcards',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        response: {
          200: GiftcardListResponseSchema,
          ...errors,
        },
      },
    },
    async () => ({ success: true as const, giftcards: await listGiftcards(deps.db) }),
  );

  app.get(
    '/api/admin/audit',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        description: 'Operator actions, newest first (who, when, what).',
        response: {
          200: AuditListResponseSchema,
          ...errors,
        },
      },
    },
    async () => ({ success: true as const, entries: await listAudit(deps.db) }),
  );
};
