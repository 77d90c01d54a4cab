import type { NodeCreateRequestSchema, NodeView } from '@portal/contract';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { DomainError } from '../errors';
import { isUniqueViolation } from '../db/errors';
import { countProxiesByNode, lockProxyNode, setProxyNode } from '../inventory/inventory-service';
import { hashSecret, randomToken } from '../lib/secrets';
import {
  insertNode,
  listNodeRows,
  liveNode,
  markRevoked,
  nodeView,
  notifyNodeRevoked,
  notifyProxyAccess,
} from './admin-nodes-repository';
import { notifyProxyHistory } from '../rentals/rentals-service';

/** What the node calls need: the database and the clock their audit rows are dated by. */
export interface NodeAdminDeps {
  db: Database;
  clock: Clock;
}

/** 256 random bits: nothing to guess, so the SHA-256 digest is all the database needs. */
const TOKEN_BYTES = 32;

export async function listNodes(deps: NodeAdminDeps): Promise<NodeView[]> {
  const now = deps.clock.now();
  const [rows, served] = await Promise.all([listNodeRows(deps.db), countProxiesByNode(deps.db)]);
  return rows.map((row) => nodeView(row, served.get(row.id) ?? 0, now));
}

export interface NewNode {
  node: NodeView;
  token: string;
}
export type NodeCreateInput = z.output<typeof NodeCreateRequestSchema>;

/** A new node and its token, which exists only in this answer. */
export async function createNodeBy(deps: NodeAdminDeps, actor: AuditActor, input: NodeCreateInput): Promise<NewNode> {
  const at = deps.clock.now();
  const token = randomToken(TOKEN_BYTES);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await insertNode(tx, {
        name: input.name,
        host: input.host,
        tokenHash: hashSecret(token),
        createdAt: at,
      });
      await recordAudit(tx, {
        actor,
        action: 'nodes.create',
        details: { nodeId: created.id, name: created.name, host: created.host },
        at,
      });
      return created;
    });
    return { node: nodeView(row, 0, at), token };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('NODE_NAME_TAKEN');
    throw error;
  }
}

/**
 * Revokes a node: its token opens nothing from now on. The notification is sent in the same
 * transaction, so the process holding the node's stream closes it as the revocation commits,
 * never before (a node reconnecting in between would be let in again) and never not at all.
 */
export async function revokeNodeBy(deps: NodeAdminDeps, actor: AuditActor, id: number): Promise<Date> {
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await markRevoked(tx, id, at);
    if (!row) throw new DomainError('NODE_NOT_FOUND');
    await notifyNodeRevoked(tx, id);
    await recordAudit(tx, { actor, action: 'nodes.revoke', details: { nodeId: id, name: row.name }, at });
  });
  return at;
}

/**
 * Moves a proxy to a node (or back to the shop's own gateway with null). The proxies triggers do
 * not watch `node_id`, so the notifications are sent here, in the transaction: every gateway and
 * node stream re-reads the proxy's rental and the one that no longer serves it forgets it.
 */
export async function setProxyNodeBy(
  deps: NodeAdminDeps,
  actor: AuditActor,
  proxyId: number,
  nodeId: number | null,
): Promise<void> {
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (nodeId !== null && !(await liveNode(tx, nodeId))) throw new DomainError('NODE_NOT_FOUND');
    const before = await lockProxyNode(tx, proxyId);
    if (!before) throw new DomainError('PROXY_NOT_FOUND');
    await setProxyNode(tx, proxyId, nodeId);
    await notifyProxyAccess(tx, proxyId);
    // The customer's cached history names the gateway's host: it is read again at once.
    await notifyProxyHistory(tx, proxyId);
    await recordAudit(tx, {
      actor,
      action: 'proxies.node',
      details: { id: proxyId, from: before.nodeId, to: nodeId },
      at,
    });
  });
}
