import {
  ERROR_CODES,
  ERROR_STATUS,
  ErrorEnvelopeSchema,
  documentPath,
  errorStatusesOf,
  type ApiTag,
  type Endpoint,
  type ErrorCode,
} from '@portal/contract';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { SECURITY_OF_ACCESS } from '../plugins/endpoint-routes';

/**
 * The API document (OpenAPI 3.1), generated from the endpoint registry: the same descriptions
 * the routes are registered from, so the document cannot say other than what the server does.
 */

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Whether a request body may be left out (the schema takes nothing at all). */
const optionalBody = (schema: z.ZodType) => schema.safeParse(undefined).success || schema.safeParse(null).success;

const TAGS: Record<ApiTag, string> = {
  accounts: 'Sign-up, browser sessions and the wallet',
  catalogue: 'The free proxies and their version',
  rentals: 'Buying, extending, refunds, history and the controls of a rental',
  payments: 'Deposits, gift cards and the providers’ webhooks',
  news: 'The public news and the editor',
  admin: 'The operator: admin sessions, inventory, balances, gift cards, audit',
  console: 'What the operator console reads',
  discovery: 'Checks through the upstreams and the IPQualityScore budget',
  health: 'Probes for load balancers',
  notices: 'Telegram and e-mail notices of an account',
  nodes: 'Gateway nodes on other servers: their report, stream, usage and checks',
};

/** Shared answers, one per status, named as the components the operations refer to. */
const RESPONSE_NAMES: Record<number, string> = {
  304: 'NotModified',
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  500: 'ServerError',
  502: 'ProviderUnavailable',
  503: 'Unavailable',
};

function sharedResponses(): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  }
  const responses: Record<string, unknown> = {
    NotModified: { description: 'Not modified: the ETag of If-None-Match is current. No body.' },
  };
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const name = RESPONSE_NAMES[status] ?? `Status${status}`;
    responses[name] = {
      description: `The error envelope; \`code\` is one of ${codes.join(', ')}.`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  return responses;
}

function parameters(endpoint: Endpoint): unknown[] {
  const list: unknown[] = [];
  for (const [where, schema] of [
    ['path', endpoint.request?.params],
    ['query', endpoint.request?.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (object.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  if (endpoint.notModified) {
    list.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of an earlier answer: 304 with no body while it is current.',
      schema: { type: 'string' },
    });
  }
  return list;
}

function requestBody(endpoint: Endpoint): unknown {
  const { body, textBody, rawBody } = endpoint.request ?? {};
  if (!body && !textBody) return undefined;
  const content: Record<string, unknown> = {};
  if (body) content['application/json'] = { schema: jsonSchema(body, 'input') };
  for (const type of textBody ?? []) content[type] = { schema: { type: 'string' } };
  return {
    required: rawBody || !body || !optionalBody(body),
    ...(rawBody ? { description: 'Read as raw bytes: the signature covers them exactly.' } : {}),
    content,
  };
}

function successResponse(endpoint: Endpoint): unknown {
  const content = endpoint.content
    ? Object.fromEntries(
        Object.entries(endpoint.content).map(([type, schema]) => [type, { schema: jsonSchema(schema, 'output') }]),
      )
    : { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } };
  return { description: endpoint.responseDescription ?? endpoint.summary, content };
}

function operation(endpoint: Endpoint): unknown {
  const responses: Record<string, unknown> = { 200: successResponse(endpoint) };
  if (endpoint.notModified) responses[304] = { $ref: '#/components/responses/NotModified' };
  for (const status of errorStatusesOf(endpoint).keys()) {
    responses[status] = { $ref: `#/components/responses/${RESPONSE_NAMES[status] ?? `Status${status}`}` };
  }
  const params = parameters(endpoint);
  const body = requestBody(endpoint);
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: endpoint.description ?? endpoint.summary,
    security: [...SECURITY_OF_ACCESS[endpoint.access]],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    'x-error-codes': [...errorStatusesOf(endpoint).values()].flat(),
  };
}

export interface DocumentOptions {
  /** Where the API is reached: the portal's public address. */
  serverUrl: string;
}

/** The document of the given endpoints (those this server registered). */
export function openApiDocument(endpoints: readonly Endpoint[], options: DocumentOptions): OpenAPIV3_1.Document {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = documentPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  const usedTags = new Set(endpoints.map((endpoint) => endpoint.tag));
  // Built from JSON Schemas zod wrote, which the document's types cannot check piece by piece.
  const document: unknown = {
    openapi: '3.1.0',
    info: {
      title: 'Proxy rental portal API',
      version: '1.0.0',
      contact: { name: "The shop's support", url: `${options.serverUrl}/support` },
      description:
        'Customers authenticate with the API key from sign-up in the `x-api-key` header; operators with the token of `POST /api/admin/login` as a Bearer token. Amounts are dollars with at most 2 decimals. Every error is `{success:false, error, code}`.',
    },
    servers: [{ url: options.serverUrl }],
    tags: (Object.keys(TAGS) as ApiTag[])
      .filter((tag) => usedTags.has(tag))
      .map((tag) => ({ name: tag, description: TAGS[tag] })),
    paths,
    components: {
      schemas: { ErrorEnvelope: jsonSchema(ErrorEnvelopeSchema, 'output') },
      responses: sharedResponses(),
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'The API key from sign-up' },
        adminBearer: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/admin/login' },
        nodeBearer: {
          type: 'http',
          scheme: 'bearer',
          description: "A gateway node's token, shown once when it is added",
        },
      },
    },
  };
  return document as OpenAPIV3_1.Document;
}
