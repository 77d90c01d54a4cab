import {
  ErrorEnvelopeSchema,
  TIMEOUTS_MS,
  endpointPath,
  type Endpoint,
  type EndpointBodyInput,
  type EndpointQueryInput,
  type EndpointResult,
} from '@portal/contract';
import { ApiError } from './api-error';
import type { z } from 'zod';
import { endSession, getApiKey } from './session';

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  /** Contract schema of the success answer; anything else is an `invalid-response`. */
  schema: S;
  /** 10 s unless the call says otherwise: long enough for a slow network, short enough that a hung call ends. */
  timeoutMs?: number;
  /**
   * `customer` calls need the stored key: without one, or on a 401, the session ends (a key the server
   * refuses is of no further use). `public` calls send the key when there is one and never end the session.
   */
  access?: 'customer' | 'public';
  /** Sends this key instead of the stored one (auto-login right after sign-up). */
  apiKey?: string;
  /** Extra request headers (the operator's `Authorization: Bearer`). */
  headers?: Record<string, string>;
  /** Sends this text as it is (CSV imports) instead of JSON; `contentType` names it. */
  rawBody?: { text: string; contentType: string };
  signal?: AbortSignal;
  /** Fetch cache mode; `no-cache` revalidates with the server (the sumid check must see a new version at once). */
  cache?: RequestCache;
}

/** The one way the app talks to the API: same origin, x-api-key from storage, one error shape. */
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
  const { method = 'GET', body, schema, timeoutMs = TIMEOUTS_MS.default, access = 'public', signal, cache } = options;
  const apiKey = options.apiKey ?? getApiKey();
  if (access === 'customer' && !apiKey) {
    endSession('noKey');
    throw new ApiError('no-key', null);
  }

  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (apiKey) headers['x-api-key'] = apiKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.rawBody) headers['content-type'] = options.rawBody.contentType;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.rawBody ? options.rawBody.text : body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache,
      signal: controller.signal,
    });
  } catch {
    throw new ApiError('network', null);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }

  const payload: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    const envelope = ErrorEnvelopeSchema.safeParse(payload);
    const error = envelope.success
      ? new ApiError('http', response.status, envelope.data.error, envelope.data.code, envelope.data.problems)
      : new ApiError('http', response.status);
    if (response.status === 401 && access === 'customer') {
      const reason =
        error.code === 'SESSION_ENDED'
          ? 'sessionEnded'
          : error.code === 'SESSION_LOGGED_OUT'
            ? 'loggedOut'
            : 'invalidKey';
      endSession(reason);
    }
    throw error;
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError('invalid-response', response.status, undefined, undefined, undefined, payload === undefined);
  }
  return parsed.data;
}

/** What a call of an endpoint sends: the parts its request has, typed by its schemas. */
export interface EndpointCall<E extends Endpoint> extends Omit<
  RequestOptions<E['response']>,
  'method' | 'body' | 'schema' | 'access' | 'rawBody'
> {
  params?: Record<string, string | number>;
  query?: EndpointQueryInput<E>;
  body?: EndpointBodyInput<E>;
  /** Text bodies (CSV imports) of endpoints that take them. */
  text?: { text: string; contentType: string };
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls an endpoint of the registry: its method, path and answer schema come from the contract,
 * so the browser cannot call it other than the server serves it.
 */
export function callEndpoint<E extends Endpoint>(endpoint: E, call: EndpointCall<E> = {}): Promise<EndpointResult<E>> {
  return callEndpointReading<E, E['response']>(endpoint, endpoint.response, call);
}

/**
 * The same, reading the answer with another schema: a looser one where a missing field has its own
 * message for the customer rather than the general "invalid answer".
 */
export function callEndpointReading<E extends Endpoint, S extends z.ZodType>(
  endpoint: E,
  schema: S,
  call: EndpointCall<E> = {},
): Promise<z.infer<S>> {
  const { params, query, body, text, ...options } = call;
  return apiRequest(endpointPath(endpoint, params) + queryString(query), {
    ...options,
    method: endpoint.method,
    body,
    rawBody: text,
    schema,
    access: endpoint.access === 'customer' ? 'customer' : 'public',
  });
}

/**
 * A read of the one field of an endpoint's answer a screen shows (its list, its figure), through
 * the given caller: `callEndpoint` for the customer, the console's for an operator.
 */
export function readAnswerField<E extends Endpoint, F extends keyof EndpointResult<E>>(
  call: (endpoint: E, call: { signal?: AbortSignal }) => Promise<EndpointResult<E>>,
  endpoint: E,
  field: F,
): (signal?: AbortSignal) => Promise<EndpointResult<E>[F]> {
  return async (signal) => (await call(endpoint, { signal }))[field];
}
