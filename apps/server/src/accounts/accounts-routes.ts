import {
  API_PATHS,
  ErrorEnvelopeSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  WalletResponseSchema,
  centsToDollars,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { DomainError } from '../errors';
import {
  SESSION_COOKIE,
  apiKeyFromHeader,
  customerOf,
  requireCustomer,
  sessionTokenFromCookie,
} from '../plugins/customer-auth';
import { loginCustomer, logoutSession, registerCustomer, type AccountsDeps } from './accounts-service';

export interface AccountsRoutesOptions extends AccountsDeps {
  config: Pick<Config, 'loginRateLimit' | 'registerRateLimit' | 'secureCookies'>;
}

const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema };

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, options) => {
  const { config, ...deps } = options;
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

  app.post(
    API_PATHS.register,
    {
      config: rateLimited('RATE_LIMITED', config.registerRateLimit, '1 hour'),
      schema: {
        tags: ['accounts'],
        body: RegisterRequestSchema,
        response: { 200: RegisterResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { apiKey } = await registerCustomer(deps, request.body?.referralCode);
      return { success: true as const, apiKey };
    },
  );

  app.post(
    API_PATHS.login,
    {
      config: rateLimited('LOGIN_RATE_LIMITED', config.loginRateLimit, '1 minute'),
      schema: {
        tags: ['accounts'],
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
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
  );

  app.post(
    API_PATHS.logout,
    { schema: { tags: ['accounts'], response: { 200: LogoutResponseSchema } } },
    async (request, reply) => {
      await logoutSession(deps, sessionTokenFromCookie(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/api' });
      return { success: true as const };
    },
  );

  app.get(
    API_PATHS.wallet,
    {
      preHandler: requireCustomer(deps),
      schema: { tags: ['accounts'], response: { 200: WalletResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, wallet: centsToDollars(customerOf(request).balanceCents) }),
  );
};
