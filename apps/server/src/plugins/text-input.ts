import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors';

/**
 * Characters PostgreSQL cannot keep in a text value: NUL (SQLSTATE 22021 refuses it), and
 * unpaired UTF-16 surrogates, which no UTF-8 encoding can carry (drivers would store U+FFFD).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly the character this must find
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * Deeper than any request of the API nests (a few levels): a body of 100,000 nested arrays parses
 * in a few hundred kilobytes and would exhaust the stack of a recursive walk, a 500 for anyone.
 */
export const MAX_INPUT_DEPTH = 64;

/** The path (`title`, `proxies.3.city`) of the first string, key included, that cannot be stored. */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Buffer.isBuffer(value) || value === null || typeof value !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) {
    throw new DomainError('BAD_REQUEST', {
      message: `Invalid ${path || 'input'}: nested deeper than ${MAX_INPUT_DEPTH} levels`,
    });
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const where = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return where;
    const found = findUnstorableText(item, where, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function unstorableTextError(where: string): DomainError {
  return new DomainError('BAD_REQUEST', {
    message: `Invalid ${where}: must not contain NUL or unpaired surrogate characters`,
  });
}

/**
 * One place for every route: path parameters, the query string and the parsed body
 * (JSON, CSV or plain text) are checked before validation, so no text the database would refuse
 * reaches a query, and a route added later cannot forget it.
 */
export function installTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = [
      ['path', request.params],
      ['query', request.query],
      ['request body', request.body],
    ] as const;
    for (const [part, value] of parts) {
      const where = findUnstorableText(value);
      if (where !== null) throw unstorableTextError(where || part);
    }
    done();
  });
}
