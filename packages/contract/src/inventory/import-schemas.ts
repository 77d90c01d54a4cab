import { z } from 'zod';
import { PROXY_PROTOCOLS, PROXY_TYPES } from '../statuses';
import { successResponse } from '../common/schemas';
import { MAX_NODE_NAME_LENGTH } from '../nodes/admin-schemas';
import { MAX_PROXY_CONNECTIONS } from './schemas';

/** How the gateway reaches an upstream: `direct`, or a SOCKS5 / HTTP proxy URL with credentials. */
export const UPSTREAM_PATTERN =
  /^(direct|(socks5|http):\/\/([^:@/\s]+:[^@/\s]*@)?(\[[0-9A-Fa-f:.]+\]|[^:@/\s[\]]+):\d{1,5})$/;

/**
 * An upstream as the operator wrote it, in the form the pattern reads: the scheme in lower case
 * (`SOCKS5://` is as common in sellers' lists as `socks5://`), `socks5h` as `socks5` (the gateway
 * always lets the upstream resolve names).
 */
export function normalizeUpstream(upstream: string): string {
  return upstream.trim().replace(/^([A-Za-z][A-Za-z0-9+.-]*):\/\//, (_whole, scheme: string) => {
    const name = scheme.toLowerCase();
    return `${name === 'socks5h' ? 'socks5' : name}://`;
  });
}

const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
/** An absent, null or empty cell means "discover it": the field is left out. */
const given = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(given, schema.optional());
const text = (max: number) => optional(z.string().trim().max(max));
const wholeNumber = (name: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: `${name} must be a whole number from ${min} to ${max}` })
      .int(`${name} must be a whole number from ${min} to ${max}`)
      .min(min, `${name} must be a whole number from ${min} to ${max}`)
      .max(max, `${name} must be a whole number from ${min} to ${max}`),
  );

export const UPSTREAM_MESSAGE = 'upstream must be direct, socks5://user:pass@host:port or http://user:pass@host:port';

/** Longest upstream a row or a line may give: far above any real one, far below what an index holds. */
export const MAX_UPSTREAM_LENGTH = 500;

/** A host name, as URL parsers take it without complaint. */
const UPSTREAM_HOST_NAME = /^(?:\w(?:[\w-]{0,61}\w)?\.)*\w(?:[\w-]{0,61}\w)?$/;
const ipv4Address = z.ipv4();
const ipv6Address = z.ipv6();

/**
 * A host name, an IPv4 address or an IPv6 address in brackets: `256.1.1.1` is neither a name nor
 * an address, and an http URL parser throws on it; `[:::::]` has the brackets' pattern but no URL
 * parser takes it.
 */
export function isUpstreamHost(host: string): boolean {
  if (host.startsWith('[')) return host.endsWith(']') && ipv6Address.safeParse(host.slice(1, -1)).success;
  // A URL parser reads a host whose last label is a number (`1.2.3`, `foo.123`, `gate.0x10`) as
  // an IPv4 address, and throws on it unless it is one.
  const last = host.split('.').at(-1) ?? '';
  if (/^(?:\d+|0x[0-9a-f]*)$/i.test(last)) return ipv4Address.safeParse(host).success;
  return UPSTREAM_HOST_NAME.test(host);
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the pattern cannot see in an upstream URL: a port past 65535 or 0, a host no URL parser
 * takes, or credentials that are not valid URL encoding. The message never repeats the URL, which
 * may carry a password.
 */
export function upstreamUrlProblem(upstream: string): string | null {
  if (upstream === 'direct') return null;
  const match = /^[a-z0-9]+:\/\/(?:([^@]*)@)?([^@]+):(\d+)$/.exec(upstream);
  if (!match) return UPSTREAM_MESSAGE;
  const [, credentials, host = '', portText = ''] = match;
  const port = Number(portText);
  if (port < 1 || port > 65535) return 'the upstream port must be from 1 to 65535';
  if (!isUpstreamHost(host)) return 'the upstream host must be a host name, an IPv4 address or an [IPv6] address';
  if (credentials !== undefined && !decodes(credentials)) return 'the upstream credentials are not valid URL encoding';
  return null;
}

/**
 * One inventory row of an import; CSV cells arrive as text and are coerced.
 * Only `upstream` is required: a field given is the operator's word, a field left out
 * is discovered through the upstream. `port` defaults to the upstream's port.
 */
export const ProxyImportRowSchema = z
  .object({
    ip: optional(
      z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.union([z.ipv4(), z.ipv6()], { error: 'ip must be an IPv4 or IPv6 address' }),
      ),
    ),
    port: optional(wholeNumber('port', 1, 65535)),
    protocol: optional(
      z.preprocess(upper, z.enum(PROXY_PROTOCOLS, { error: `protocol must be one of ${PROXY_PROTOCOLS.join(', ')}` })),
    ),
    type: optional(
      z.preprocess(lower, z.enum(PROXY_TYPES, { error: `type must be one of ${PROXY_TYPES.join(', ')}` })),
    ),
    country: optional(
      z.preprocess(upper, z.string().regex(/^[A-Z]{2}$/, 'country must be a two-letter ISO 3166 code')),
    ),
    region: text(100),
    city: text(100),
    isp: text(200),
    zip: text(20),
    fraud_score: optional(wholeNumber('fraud_score', 0, 100)),
    /** The proxy's own cap on one rental's concurrent connections (0: unlimited); absent: the shop default. */
    max_connections: optional(wholeNumber('max_connections', 0, MAX_PROXY_CONNECTIONS)),
    /** The name of the gateway node that serves the proxy's rentals; absent or empty: the shop's own gateway. */
    node: text(MAX_NODE_NAME_LENGTH),
    upstream: z.preprocess(
      (v) => (typeof v === 'string' ? normalizeUpstream(v) : v),
      z
        .string({ error: 'upstream is required' })
        .max(MAX_UPSTREAM_LENGTH, `upstream must be at most ${MAX_UPSTREAM_LENGTH} characters`)
        .regex(UPSTREAM_PATTERN, UPSTREAM_MESSAGE)
        .superRefine((upstream, ctx) => {
          // A value the pattern refused has its problem named already.
          const problem = UPSTREAM_PATTERN.test(upstream) ? upstreamUrlProblem(upstream) : null;
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    ),
  })
  .superRefine((row, ctx) => {
    if (row.port === undefined && row.upstream === 'direct') {
      ctx.addIssue({ code: 'custom', path: ['port'], message: 'port is required with a direct upstream' });
    }
  });
export type ProxyImportRow = z.infer<typeof ProxyImportRowSchema>;

export const MAX_IMPORT_ROWS = 20_000;
/** A refused import lists at most this many bad rows; the console says when the list was cut there. */
export const MAX_IMPORT_PROBLEMS = 100;

export const ProxyImportRequestSchema = z.object({
  proxies: z.array(z.unknown()).min(1, 'proxies must list at least one proxy').max(MAX_IMPORT_ROWS),
});

export const ProxyImportResponseSchema = successResponse({
  added: z.number().int(),
  ids: z.array(z.number().int()),
  /** Lines or rows naming an upstream already in the inventory or earlier in the file: not stored. */
  duplicates: z.array(z.object({ row: z.number().int(), upstream: z.string() })).default([]),
  /** Of the added, how many wait for discovery (state `checking`). */
  checking: z.number().int().default(0),
});

/**
 * Batch defaults of a plain-text import (query string of `POST /api/admin/proxies`), in any case
 * (`?protocol=SOCKS5` as the catalogue writes it). Without `protocol`, lines without a scheme are
 * probed: SOCKS5 first, then HTTP.
 */
export const ProxyImportQuerySchema = z.object({
  protocol: z.preprocess(lower, z.enum(['socks5', 'http'], { error: 'protocol must be socks5 or http' })).optional(),
  type: z.preprocess(lower, z.enum(PROXY_TYPES, { error: `type must be one of ${PROXY_TYPES.join(', ')}` })).optional(),
  /** Every line's cap on one rental's concurrent connections (0: unlimited); absent: the shop default. */
  max_connections: optional(wholeNumber('max_connections', 0, MAX_PROXY_CONNECTIONS)),
  /** The gateway node (its name) that serves the proxies of rows naming none; absent: the shop's own gateway. */
  node: text(MAX_NODE_NAME_LENGTH),
});
export type ProxyImportQuery = z.infer<typeof ProxyImportQuerySchema>;
