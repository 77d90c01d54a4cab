import type { NodeAccess, NodeIpAuthEntry, NodeReport, Probe, ProbeResult } from '@portal/contract';
import { and, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { updateWon } from '../db/first-row';
import { rentalHolds } from '../db/proxy-held';
import { HOLDING_STATUSES } from '@portal/contract';
import { proxies } from '../db/tables/inventory';
import { nodeProbes, nodes, nodeUsageBatches } from '../db/tables/nodes';
import { rentalIpAuth, rentals } from '../db/tables/rentals';
import { ACCESS_COLUMNS, selectFromRentalsWithProxy } from '../db/rentals-with-proxy';

export interface NodeRow {
  id: number;
  name: string;
  host: string;
}

/** The node whose token has this digest (hex SHA-256), if it is not revoked. */
export async function liveNodeByTokenHash(
  db: Queryable,
  tokenHash: string,
): Promise<(NodeRow & { tokenHash: string }) | null> {
  const [row] = await db
    .select({ id: nodes.id, name: nodes.name, host: nodes.host, tokenHash: nodes.tokenHash })
    .from(nodes)
    .where(and(eq(nodes.tokenHash, tokenHash), isNull(nodes.revokedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * What a node says of itself. It is not contact: a node that can post but whose stream is down
 * hears of no cut, so only its open stream keeps it seen (and the console's "online" true).
 */
export async function recordReport(db: Queryable, nodeId: number, report: NodeReport): Promise<void> {
  await db
    .update(nodes)
    .set({
      version: report.version,
      socksPort: report.socksPort,
      httpPort: report.httpPort,
      tlsPort: report.tlsPort,
      openConnections: report.openConnections,
      bytesUp: report.bytesUp,
      bytesDown: report.bytesDown,
    })
    .where(eq(nodes.id, nodeId));
}

/** Marks the nodes seen now; answers those still live (a revoked one is left out). */
export async function touchNodes(db: Queryable, nodeIds: number[], at: Date): Promise<Set<number>> {
  if (nodeIds.length === 0) return new Set();
  const rows = await db
    .update(nodes)
    .set({ lastSeenAt: at })
    .where(and(inArray(nodes.id, nodeIds), isNull(nodes.revokedAt)))
    .returning({ id: nodes.id });
  return new Set(rows.map((row) => row.id));
}

/** A rental as a stream decides about it: whom it belongs to now, and what the node would get. */
export interface RentalState {
  access: NodeAccess;
  /** The node its proxy is on; null: the shop's own gateway. */
  nodeId: number | null;
  holding: boolean;
  ipAuth: NodeIpAuthEntry | null;
}

function rentalStates(db: Queryable) {
  return selectFromRentalsWithProxy(db, {
    ...ACCESS_COLUMNS,
    proxyId: rentals.proxyId,
    sourcesClearedAt: rentals.sourcesClearedAt,
    nodeId: proxies.nodeId,
    port: rentalIpAuth.port,
    ips: rentalIpAuth.ips,
  }).leftJoin(rentalIpAuth, eq(rentalIpAuth.rentalId, rentals.id));
}

type StateRow = Awaited<ReturnType<ReturnType<typeof rentalStates>['where']>>[number];

const HOLDING: readonly string[] = HOLDING_STATUSES;

function stateOf(row: StateRow): RentalState {
  return {
    access: {
      rentalId: row.rentalId,
      proxyId: row.proxyId,
      username: row.username,
      password: row.password,
      status: row.status,
      endTime: row.endTime.toISOString(),
      upstream: row.upstream,
      proxyEnabled: row.proxyEnabled,
      maxConnections: row.maxConnections,
      maxSourceIps: row.maxSourceIps,
      sourcesClearedAt: row.sourcesClearedAt?.toISOString() ?? null,
    },
    nodeId: row.nodeId,
    holding: HOLDING.includes(row.status),
    ipAuth:
      row.port === null || row.ips === null
        ? null
        : { port: row.port, rentalId: row.rentalId, username: row.username, ips: row.ips },
  };
}

async function statesWhere(db: Queryable, where: SQL | undefined): Promise<RentalState[]> {
  return (await rentalStates(db).where(where)).map(stateOf);
}

/** Every rental holding a proxy of this node: a stream's snapshot. */
export async function servedRentals(db: Queryable, nodeId: number): Promise<RentalState[]> {
  return statesWhere(db, and(eq(proxies.nodeId, nodeId), rentalHolds));
}

/** Rentals by username (the `rental_access` notification), whatever their status. */
export async function rentalsByUsername(db: Queryable, usernames: string[]): Promise<RentalState[]> {
  if (usernames.length === 0) return [];
  return statesWhere(db, inArray(rentals.username, usernames));
}

/** The rentals holding these proxies (the `proxy_access` notification). */
export async function rentalsOfProxies(db: Queryable, proxyIds: number[]): Promise<RentalState[]> {
  if (proxyIds.length === 0) return [];
  return statesWhere(db, and(inArray(rentals.proxyId, proxyIds), rentalHolds));
}

/** The rentals holding these IP authorization ports now (the `rental_ip_auth` notification). */
export async function rentalsOfPorts(db: Queryable, ports: number[]): Promise<RentalState[]> {
  if (ports.length === 0) return [];
  return statesWhere(db, inArray(rentalIpAuth.port, ports));
}

/** What a connection string needs of the node serving a proxy (null: the shop's own gateway). */
export interface NodeAddress {
  host: string;
  socksPort: number | null;
  httpPort: number | null;
  tlsPort: number | null;
}

/** Columns to select beside a proxy, on a left join of `nodes` by `proxies.node_id`. */
export const nodeAddressColumns = {
  host: nodes.host,
  socksPort: nodes.socksPort,
  httpPort: nodes.httpPort,
  tlsPort: nodes.tlsPort,
};

/** The node serving one proxy; null for the shop's own gateway (or no such proxy). */
export async function nodeAddressOfProxy(db: Queryable, proxyId: number): Promise<NodeAddress | null> {
  const [row] = await db
    .select({ node: nodeAddressColumns })
    .from(proxies)
    .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(eq(proxies.id, proxyId));
  return row?.node ?? null;
}

/** Live nodes among these names. */
export async function liveNodesNamed(db: Queryable, names: string[]): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: nodes.id, name: nodes.name })
    .from(nodes)
    .where(and(inArray(nodes.name, names), isNull(nodes.revokedAt)));
}

/** Records a usage batch's number in its journal; false when that batch was applied already. */
export async function insertUsageBatch(
  db: Queryable,
  nodeId: number,
  batch: { journal?: string | undefined; batch: number },
  at: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(nodeUsageBatches)
    .values({ nodeId, journal: batch.journal ?? '', batch: batch.batch, appliedAt: at })
    .onConflictDoNothing()
    .returning({ batch: nodeUsageBatches.batch });
  return inserted.length > 0;
}

/** Those of these rentals whose proxy is on this node. */
export async function rentalsOnNode(db: Queryable, nodeId: number, rentalIds: number[]): Promise<Set<number>> {
  if (rentalIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: rentals.id })
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .where(and(inArray(rentals.id, rentalIds), eq(proxies.nodeId, nodeId)));
  return new Set(rows.map((row) => row.id));
}

/** When a live node was last in touch; undefined when there is no such live node. */
export async function liveNodeLastSeen(db: Queryable, nodeId: number): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ lastSeenAt: nodes.lastSeenAt })
    .from(nodes)
    .where(and(eq(nodes.id, nodeId), isNull(nodes.revokedAt)));
  return row?.lastSeenAt;
}

/**
 * Forgets batches applied before `before`. A node sends an applied batch again only when the
 * answer to it was lost: at its next flush, a second later, or at its next start after a crash.
 */
export async function deleteUsageBatchesBefore(db: Queryable, before: Date): Promise<void> {
  await db.delete(nodeUsageBatches).where(lt(nodeUsageBatches.appliedAt, before));
}

/** Removes the rows of probes created before `before` (their askers died). */
export async function deleteProbesBefore(db: Queryable, before: Date): Promise<void> {
  await db.delete(nodeProbes).where(lt(nodeProbes.createdAt, before));
}

export async function insertProbe(db: Queryable, id: string, nodeId: number, probe: Probe, at: Date): Promise<void> {
  await db.insert(nodeProbes).values({ id, nodeId, request: probe, createdAt: at });
}

/** A probe's answer so far, and whether a process handed it over. */
export async function probeState(
  db: Queryable,
  id: string,
): Promise<{ result: unknown; deliveredAt: Date | null } | undefined> {
  const [row] = await db
    .select({ result: nodeProbes.result, deliveredAt: nodeProbes.deliveredAt })
    .from(nodeProbes)
    .where(eq(nodeProbes.id, id));
  return row;
}

export async function deleteProbe(db: Queryable, id: string): Promise<void> {
  await db.delete(nodeProbes).where(eq(nodeProbes.id, id));
}

/**
 * The probe `id` of this node, if no process has handed it over yet: marks it delivered and
 * answers it. Several processes (or streams) may hear of one probe; only one gets it.
 */
export async function claimProbe(db: Queryable, nodeId: number, id: string, at: Date): Promise<Probe | null> {
  const [row] = await db
    .update(nodeProbes)
    .set({ deliveredAt: at })
    .where(and(eq(nodeProbes.id, id), eq(nodeProbes.nodeId, nodeId), isNull(nodeProbes.deliveredAt)))
    .returning({ request: nodeProbes.request });
  return row ? (row.request as Probe) : null;
}

/** Stores the node's answer to its own probe; false when there is no such probe waiting. */
export async function answerProbe(
  db: Queryable,
  nodeId: number,
  id: string,
  result: ProbeResult,
  at: Date,
): Promise<boolean> {
  return updateWon(
    db,
    nodeProbes,
    { result, answeredAt: at },
    and(eq(nodeProbes.id, id), eq(nodeProbes.nodeId, nodeId), isNull(nodeProbes.result)),
  );
}
