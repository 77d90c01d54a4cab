import type { NodeAccess, NodeIpAuthEntry, NodeReport } from '@portal/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { HOLDING_STATUSES, nodes, proxies, rentalIpAuth, rentals } from '../db/schema';
import { ACCESS_COLUMNS } from '../gateway/credential-store';

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

export async function recordReport(db: Queryable, nodeId: number, report: NodeReport, at: Date): Promise<void> {
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
      lastSeenAt: at,
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
  return db
    .select({
      ...ACCESS_COLUMNS,
      proxyId: rentals.proxyId,
      nodeId: proxies.nodeId,
      port: rentalIpAuth.port,
      ips: rentalIpAuth.ips,
    })
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .leftJoin(rentalIpAuth, eq(rentalIpAuth.rentalId, rentals.id));
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
    },
    nodeId: row.nodeId,
    holding: HOLDING.includes(row.status),
    ipAuth:
      row.port === null || row.ips === null
        ? null
        : { port: row.port, rentalId: row.rentalId, username: row.username, ips: row.ips },
  };
}

/** Every rental holding a proxy of this node: a stream's snapshot. */
export async function servedRentals(db: Queryable, nodeId: number): Promise<RentalState[]> {
  const rows = await rentalStates(db).where(
    and(eq(proxies.nodeId, nodeId), inArray(rentals.status, [...HOLDING_STATUSES])),
  );
  return rows.map(stateOf);
}

/** Rentals by username (the `rental_access` notification), whatever their status. */
export async function rentalsByUsername(db: Queryable, usernames: string[]): Promise<RentalState[]> {
  if (usernames.length === 0) return [];
  return (await rentalStates(db).where(inArray(rentals.username, usernames))).map(stateOf);
}

/** The rentals holding these proxies (the `proxy_access` notification). */
export async function rentalsOfProxies(db: Queryable, proxyIds: number[]): Promise<RentalState[]> {
  if (proxyIds.length === 0) return [];
  const rows = await rentalStates(db).where(
    and(inArray(rentals.proxyId, proxyIds), inArray(rentals.status, [...HOLDING_STATUSES])),
  );
  return rows.map(stateOf);
}

/** The rentals holding these IP authorization ports now (the `rental_ip_auth` notification). */
export async function rentalsOfPorts(db: Queryable, ports: number[]): Promise<RentalState[]> {
  if (ports.length === 0) return [];
  return (await rentalStates(db).where(inArray(rentalIpAuth.port, ports))).map(stateOf);
}
