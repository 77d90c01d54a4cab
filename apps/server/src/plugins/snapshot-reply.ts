import type { FastifyReply, FastifyRequest } from 'fastify';

/** An answer serialized once and sent to many: its JSON, maybe gzip'd, and the ETag naming it. */
export interface JsonSnapshot {
  json: Buffer;
  gzip?: Buffer;
  /** Quoted, as the header carries it. */
  etag: string;
}

/** Whether `If-None-Match` names this ETag (one of a list, weak or strong, or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Sends a snapshot as it is (no serializer: it was made from typed rows), or 304 with no body
 * (and no content type or length that would claim one) when the client holds this version.
 * `no-cache` makes browsers ask again every time, with the ETag, so they get the 304 themselves.
 */
export function sendSnapshot(
  request: FastifyRequest,
  reply: FastifyReply,
  snapshot: JsonSnapshot,
  cacheControl: string,
): FastifyReply {
  reply.header('etag', snapshot.etag).header('cache-control', cacheControl);
  if (etagMatches(request.headers['if-none-match'], snapshot.etag)) return sendNotModified(reply);
  return sendJsonBytes(request, reply, snapshot.json, () => snapshot.gzip);
}

/**
 * JSON already serialized, sent as it is, or as the compressed copy `gzipOf` gives when the client
 * takes gzip (asked for only then; undefined: no copy, this answer goes as it is).
 */
export function sendJsonBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  json: Buffer,
  gzipOf: () => Buffer | undefined,
): FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  const gzip = acceptsGzip(request.headers['accept-encoding']) ? gzipOf() : undefined;
  return gzip ? reply.header('content-encoding', 'gzip').send(gzip) : reply.send(json);
}

/** Whether `Accept-Encoding` takes gzip: named (or `*`) without `q=0`, which refuses it. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export function sendNotModified(reply: FastifyReply): FastifyReply {
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return reply.code(304).send();
}
