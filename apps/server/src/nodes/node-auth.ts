import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { DomainError } from '../errors';
import { FailureThrottle } from '../lib/failure-throttle';
import { liveNodeByTokenHash, type NodeRow } from './node-repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the node guard on the node calls. */
    gatewayNode: NodeRow | null;
  }
}

/** Wrong node tokens one address may send in a minute before it is refused for the rest of it. */
export const NODE_FAILURES_PER_MINUTE = 20;

/** Hex SHA-256 of a node token: what `nodes.token_hash` keeps. */
export function nodeTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The guard of the node calls: `Authorization: Bearer <token>` whose digest is a live node's.
 * Only the digest is looked up, and compared again in constant time, so neither the database
 * nor the comparison learns or leaks the token. Wrong tokens are counted per address.
 */
export function requireNode(deps: { db: Database; clock: Clock }): preHandlerAsyncHookHandler {
  const throttle = new FailureThrottle({ maxFailures: NODE_FAILURES_PER_MINUTE, windowMs: 60_000, clock: deps.clock });
  return async (request) => {
    if (throttle.isBlocked(request.ip)) throw new DomainError('NODE_AUTH_RATE_LIMITED');
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    const hash = token ? nodeTokenHash(token) : null;
    const node = hash ? await liveNodeByTokenHash(deps.db, hash) : null;
    if (!hash || !node || !timingSafeEqual(Buffer.from(node.tokenHash, 'utf8'), Buffer.from(hash, 'utf8'))) {
      throttle.recordFailure(request.ip);
      throw new DomainError('NODE_TOKEN_INVALID');
    }
    request.gatewayNode = { id: node.id, name: node.name, host: node.host };
  };
}

/** The node of a call guarded by {@link requireNode}. */
export function nodeOf(request: FastifyRequest): NodeRow {
  if (!request.gatewayNode) throw new DomainError('NODE_TOKEN_INVALID');
  return request.gatewayNode;
}
