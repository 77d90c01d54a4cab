import {
  centsToDollars,
  loginEndpoint,
  logoutEndpoint,
  registerEndpoint,
  walletActivityEndpoint,
  walletEndpoint,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { DomainError } from '../errors';
import { walletActivity } from '../ledger/ledger-service';
import {
  SESSION_COOKIE,
  apiKeyFromHeader,
  customerOf,
  requireCustomer,
  sessionTokenFromCookie,
} from '../plugins/customer-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { loginCustomer, logoutSession, registerCustomer, type AccountsDeps } from './accounts-service';

export interface AccountsRoutesOptions extends AccountsDeps {
  config: Pick<Config, 'loginRateLimit' | 'registerRateLimit' | 'secureCookies'>;
}

const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, options) => {
  const { config, ...deps } = options;
  const route = endpointRoutes(app, { customer: requireCustomer(deps) });
  const rateLimited = (code: 'LOGIN_RATE_LIMITED' | 'RATE_LIMITED', max: number, timeWindow: string) => ({
    rateLimit: {
      max,
      timeWindow,
      errorResponseBuilder: (_request: unknown, context: { after: string }) =>
        new DomainError(code, {
          message:
            code === 'LOGIN_RATE_LIMITED'
              ? `Too many login attempts. Try again in ${context.after}.`
              : `Too many sign-ups from this address. Try again in ${context.after}.`,
        }),
    },
  });

  route(
    registerEndpoint,
    async (request) => {
      const { apiKey } = await registerCustomer(deps, request.body?.referralCode);
      return { success: true as const, apiKey };
    },
    { config: rateLimited('RATE_LIMITED', config.registerRateLimit, '1 hour') },
  );

  route(
    loginEndpoint,
    async (request, reply) => {
      const apiKey = request.body?.key?.trim() || apiKeyFromHeader(request);
      const { user, sessionToken } = await loginCustomer(deps, apiKey);
      reply.setCookie(SESSION_COOKIE, sessionToken, {
        path: '/api',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.secureCookies,
        maxAge: SESSION_MAX_AGE_SECONDS,
      });
      return { success: true as const, referral_key: user.referralKey };
    },
    { config: rateLimited('LOGIN_RATE_LIMITED', config.loginRateLimit, '1 minute') },
  );

  route(logoutEndpoint, async (request, reply) => {
    await logoutSession(deps, sessionTokenFromCookie(request));
    reply.clearCookie(SESSION_COOKIE, { path: '/api' });
    return { success: true as const };
  });

  route(walletEndpoint, async (request) => ({
    success: true as const,
    wallet: centsToDollars(customerOf(request).balanceCents),
  }));

  route(walletActivityEndpoint, async (request) => ({
    success: true as const,
    activity: await walletActivity(deps.db, customerOf(request).id),
  }));
};
