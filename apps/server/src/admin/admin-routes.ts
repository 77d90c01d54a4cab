import { adminLoginEndpoint, adminLogoutEndpoint, adminVerifyEndpoint } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../errors';
import { sourceKey } from '../lib/failure-throttle';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { adminLogin, adminLogout, isAdminTokenValid } from './admin-auth';
import { adminSessionOf, requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';

export interface AdminRoutesOptions extends AdminAuthDeps {
  loginRateLimit: number;
}

/** The operator's admin token: login (with TOTP once set up), a check of a token, logout. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { loginRateLimit, ...deps } = options;
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

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
};
