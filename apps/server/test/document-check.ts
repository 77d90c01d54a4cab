import { gunzipSync } from 'node:zlib';
import { documentPath } from '@portal/contract';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Checks every answer a test receives against the API document the app serves: the call is in
 * it, the status is one it names, the content type is one it names, and a JSON body validates
 * against its schema. A call or an answer the document does not describe is a violation, and the
 * test that got it fails (test/setup.ts).
 */
const violations: string[] = [];

export function takeDocumentViolations(): string[] {
  return violations.splice(0);
}

type Json = Record<string, unknown>;
type Operation = { responses?: Record<string, Json> };

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new WeakMap<Json, ValidateFunction>();

function resolve(document: Json, node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at as Json | undefined)?.[key], document);
  return resolve(document, target as Json);
}

/** A schema with the document's own references replaced by what they name. */
function inlined(document: Json, schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(document, item));
  if (!schema || typeof schema !== 'object') return schema;
  const node = resolve(document, schema as Json);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlined(document, value)]));
}

function bodyText(payload: unknown, gzip: boolean): string | null {
  if (payload === null || payload === undefined) return '';
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
  if (!bytes) return null;
  return (gzip ? gunzipSync(bytes) : bytes).toString('utf8');
}

function check(document: Json, method: string, route: string, status: number, headers: Json, payload: unknown) {
  const where = `${method} ${route} answered ${status}`;
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const operation = paths[documentPath(route)]?.[method.toLowerCase()];
  if (!operation) return violations.push(`${method} ${route} is not in the API document`);
  const described = operation.responses?.[String(status)];
  if (!described) return violations.push(`${where}, a status the document does not name`);
  const response = resolve(document, described);
  const content = response.content as Record<string, { schema?: unknown }> | undefined;
  const type =
    String(headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  const text = bodyText(payload, headers['content-encoding'] === 'gzip');
  if (!content) {
    if (text) violations.push(`${where} with a body, where the document says none`);
    if (type) violations.push(`${where} with Content-Type ${type}, where the document says no body`);
    return;
  }
  const media = content[type];
  if (!media) return violations.push(`${where} as ${type || 'no type'}, not one of ${Object.keys(content).join(', ')}`);
  if (type !== 'application/json' || text === null) return;
  let validate = validators.get(media as Json);
  if (!validate) {
    validate = ajv.compile(inlined(document, media.schema ?? {}) as Json);
    validators.set(media as Json, validate);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return violations.push(`${where} with a body that is not JSON`);
  }
  if (!validate(body)) {
    violations.push(`${where}: ${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`);
  }
}

/** Installs the check on an app before its routes are registered. */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  let document: Json | null = null;
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || route.startsWith('/api/docs') || request.method === 'HEAD') return payload;
    // Routes a test adds for itself (a handler that throws); a real call outside the registry
    // fails the registry's own test.
    if (request.routeOptions.config.operationId === undefined && route.startsWith('/api/test/')) return payload;
    document ??= app.swagger() as unknown as Json;
    check(document, request.method, route, reply.statusCode, reply.getHeaders() as Json, payload);
    return payload;
  });
}
