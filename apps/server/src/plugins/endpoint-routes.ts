import {
  ErrorEnvelopeSchema,
  errorStatusesOf,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReply,
} from '@portal/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import { z } from 'zod';

/** The checks of each kind of caller, made by the plugin that owns the calls. */
export interface Guards {
  customer?: preHandlerHookHandler | preHandlerAsyncHookHandler;
  admin?: preHandlerHookHandler | preHandlerAsyncHookHandler;
  node?: preHandlerHookHandler | preHandlerAsyncHookHandler;
}

export type EndpointRequestOf<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/** A handler answers the endpoint's success body, or sends something else itself (a 304, a file). */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequestOf<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply>;

export interface RouteExtras {
  /** Route settings beyond the endpoint's own (a rate limit). */
  config?: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The registry's name of the call a route serves: every API route has one. */
    operationId?: string;
  }
}

/** Security requirements in the API document's terms (the schemes are declared with the document). */
export const SECURITY_OF_ACCESS = {
  public: [],
  customer: [{ apiKey: [] }],
  admin: [{ adminBearer: [] }],
  node: [{ nodeBearer: [] }],
} as const;

function bodySchemaOf(endpoint: Endpoint): z.ZodType | undefined {
  const { body, textBody, rawBody } = endpoint.request ?? {};
  // Raw bodies (webhooks) arrive as bytes that the handler checks itself.
  if (rawBody) return undefined;
  if (textBody && body) return z.union([body, z.string()]);
  if (textBody) return z.string();
  return body;
}

function schemaOf(endpoint: Endpoint): FastifySchema {
  const response: Record<number, z.ZodType> = {
    // Files and plain text go out as the handler made them; the document names their types.
    200: endpoint.content ? z.string() : endpoint.response,
  };
  for (const status of errorStatusesOf(endpoint).keys()) response[status] = ErrorEnvelopeSchema;
  const body = bodySchemaOf(endpoint);
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.request?.params ? { params: endpoint.request.params } : {}),
    ...(endpoint.request?.query ? { querystring: endpoint.request.query } : {}),
    ...(body ? { body } : {}),
    response,
    security: [...SECURITY_OF_ACCESS[endpoint.access]],
  };
}

/**
 * Registers routes from the endpoint registry: the method, path, schemas and the guard of the
 * caller all come from the endpoint, so a call cannot be served with other rules than it is
 * documented with, and no guarded call can be registered without its guard.
 */
export function endpointRoutes(app: FastifyInstance, guards: Guards) {
  return function route<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>, extras: RouteExtras = {}) {
    const guard = endpoint.access === 'public' ? undefined : guards[endpoint.access];
    if (endpoint.access !== 'public' && !guard) {
      throw new Error(
        `${endpoint.operationId} is a ${endpoint.access} call, but no ${endpoint.access} guard was given`,
      );
    }
    // A limited call answers 429, which its document must then say.
    if (extras.config?.rateLimit && !errorStatusesOf(endpoint).has(429)) {
      throw new Error(`${endpoint.operationId} has a rate limit, but none of its error codes is a 429`);
    }
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      // An operator's token and role (and a node's token) are checked before the body: a caller
      // refused learns nothing of what the call takes, and the refusal is the same whatever was sent.
      ...(guard
        ? endpoint.access === 'admin' || endpoint.access === 'node'
          ? { preValidation: guard }
          : { preHandler: guard }
        : {}),
      config: { ...extras.config, operationId: endpoint.operationId },
      schema: schemaOf(endpoint),
      // The request's types come from the endpoint's schemas, which Fastify validates with.
      handler: handler as unknown as RouteHandlerMethod,
    });
  };
}
