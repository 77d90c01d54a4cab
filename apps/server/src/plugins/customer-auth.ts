import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { authenticate, type AccountsDeps, type UserRow } from '../accounts/accounts-service';
import { DomainError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the customer auth pre-handler on routes that need a signed-in customer. */
    customer: UserRow | null;
  }
}

export const SESSION_COOKIE = 'portal_session';

export function apiKeyFromHeader(request: FastifyRequest): string | undefined {
  const raw = request.headers['x-api-key'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

export function sessionTokenFromCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

export function decorateCustomer(app: FastifyInstance): void {
  app.decorateRequest('customer', null);
}

/** The signed-in customer of a route guarded by {@link requireCustomer}. */
export function customerOf(request: FastifyRequest): UserRow {
  if (!request.customer) throw new DomainError('INVALID_API_KEY');
  return request.customer;
}

/**
 * Every customer call authenticates with the x-api-key header; a browser
 * session cookie that a later login ended turns the call away.
 */
export function requireCustomer(deps: AccountsDeps): preHandlerHookHandler {
  return (request, _reply, done) => {
    const customer = authenticate(deps, apiKeyFromHeader(request), sessionTokenFromCookie(request));
    if (!(customer instanceof Promise)) {
      request.customer = customer;
      return done();
    }
    customer.then((user) => {
      request.customer = user;
      done();
    }, done);
  };
}
