import { auditEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { listAudit } from './audit-service';

/** The audit log, newest first, a page at a time. */
export const auditRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(auditEndpoint, async (request) => ({ success: true as const, ...(await listAudit(deps.db, request.query)) }));
};
