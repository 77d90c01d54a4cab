import type { z } from 'zod';
import { ADMIN_ROLES, roleMayCall, type AdminRole } from '../admin/roles';
import { ERROR_STATUS, type ErrorCode } from '../errors';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * Who may make a call. `customer`: the x-api-key header (or the browser session it started);
 * `admin`: `Authorization: Bearer <token>` from the admin login; `public`: anyone (a call may
 * still check a secret of its own, such as a webhook's signature or a pull link's token); `node`:
 * a gateway node's `Authorization: Bearer <node token>`.
 */
export type Access = 'public' | 'customer' | 'admin' | 'node';

/** Groups of calls in the API document, one per area of the product. */
export type ApiTag =
  | 'accounts'
  | 'catalogue'
  | 'rentals'
  | 'payments'
  | 'news'
  | 'admin'
  | 'console'
  | 'discovery'
  | 'health'
  | 'notices'
  | 'nodes';

export interface EndpointRequest {
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body. A schema that accepts null allows an empty body (the spec's auto-login). */
  body?: z.ZodType;
  /** Content types read as text instead of JSON, each handed to `body` as a string (imports). */
  textBody?: readonly string[];
  /** The body arrives as raw bytes (webhooks: the signature covers the exact bytes). */
  rawBody?: boolean;
}

/**
 * One call of the API, described once: the server registers its route from this, the browser
 * calls through it, the command line parses with its request schemas, and the API document is
 * generated from it, so none of them can disagree with the others.
 */
export interface Endpoint {
  /** Unique, camelCase: the name generated clients give the call. */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** In the server's form: `/api/proxy/export-links/:id`. */
  readonly path: string;
  readonly tag: ApiTag;
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  /**
   * Admin calls: the operator roles that may make it besides `owner` (who may make every call).
   * Left out, the call is the owner's alone. Any other role gets 403 ADMIN_ROLE_FORBIDDEN.
   */
  readonly roles?: readonly AdminRole[];
  /**
   * Admin calls an operator may make before setting up an authenticator app when the owner
   * requires one (their session and the setup itself); every other call is then 403.
   */
  readonly beforeTotp?: boolean;
  readonly request?: EndpointRequest;
  /** The success answer (status 200), as the handler returns it. */
  readonly response: z.ZodType;
  /**
   * A success answer that is not the usual JSON (files, plain text): each content type it may
   * have, with its schema. The handler sends the payload as it is; without this, the answer is
   * `application/json` of `response`.
   */
  readonly content?: Readonly<Record<string, z.ZodType>>;
  /** A short description of the success answer for the API document. */
  readonly responseDescription?: string;
  /** Answers 304 with no body when `If-None-Match` names the current ETag. */
  readonly notModified?: boolean;
  /** The refusals of this call's own domain; the ones every call of its access shares are added. */
  readonly errors?: readonly ErrorCode[];
  /** Bytes a request body may have, when the call needs more than the server's default. */
  readonly bodyLimit?: number;
}

/**
 * Types an endpoint without widening it. Marked free of side effects so that a page's bundle
 * keeps only the endpoints it calls.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives, after validation. */
export type EndpointParams<E extends Endpoint> = OutputOf<NonNullable<E['request']>['params']>;
export type EndpointQuery<E extends Endpoint> = OutputOf<NonNullable<E['request']>['query']>;
export type EndpointBody<E extends Endpoint> = OutputOf<NonNullable<E['request']>['body']>;
/** What a client sends. */
export type EndpointParamsInput<E extends Endpoint> = InputOf<NonNullable<E['request']>['params']>;
export type EndpointQueryInput<E extends Endpoint> = InputOf<NonNullable<E['request']>['query']>;
export type EndpointBodyInput<E extends Endpoint> = InputOf<NonNullable<E['request']>['body']>;
/** The success answer as the server produces it and as the client reads it. */
export type EndpointReply<E extends Endpoint> = z.input<E['response']>;
export type EndpointResult<E extends Endpoint> = z.output<E['response']>;

const hasBody = (endpoint: Endpoint) =>
  Boolean(endpoint.request?.body ?? endpoint.request?.textBody ?? endpoint.request?.rawBody);

/** The pattern's parameters in the document's form: `/api/admin/news/{id}`. */
export function documentPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

/**
 * Every error code a call can answer: its own, and those its access and its request share with
 * every other call (a bad body, a missing key, a server still starting).
 */
export function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>(endpoint.errors ?? []);
  codes.add('BAD_REQUEST');
  codes.add('INTERNAL');
  codes.add('SERVICE_UNAVAILABLE');
  if (hasBody(endpoint)) {
    codes.add('INVALID_JSON');
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (endpoint.access === 'customer') {
    for (const code of [
      'API_KEY_REQUIRED',
      'INVALID_API_KEY',
      'SESSION_ENDED',
      'SESSION_LOGGED_OUT',
      'API_KEY_RATE_LIMITED',
    ] as const) {
      codes.add(code);
    }
  }
  if (endpoint.access === 'node') {
    codes.add('NODE_TOKEN_INVALID');
    codes.add('NODE_AUTH_RATE_LIMITED');
  }
  if (endpoint.access === 'admin') {
    codes.add('ADMIN_TOKEN_INVALID');
    if (ADMIN_ROLES.some((role) => !roleMayCall(role, endpoint))) codes.add('ADMIN_ROLE_FORBIDDEN');
    if (!endpoint.beforeTotp) codes.add('TOTP_ENROLMENT_REQUIRED');
  }
  return [...codes];
}

/** The statuses of {@link errorCodesOf}, each with its codes, in ascending order. */
export function errorStatusesOf(endpoint: Endpoint): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}

/** The path with its `:name` segments filled in (each value URL-encoded). */
export function endpointPath(endpoint: Pick<Endpoint, 'path'>, params?: Record<string, string | number>): string {
  return endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
