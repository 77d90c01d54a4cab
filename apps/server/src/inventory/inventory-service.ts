import type { ProxyImportQuerySchema } from '@portal/contract';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { readImport } from './inventory-import';
import {
  setProxyEnabled,
  setProxyMaxConnections,
  setProxyMaxSourceIps,
  storeImport,
  type StoredImport,
} from './inventory-repository';
import { withNodeIds } from '../nodes/import-nodes';

// Reading the inventory takes no lock and leaves no audit row: the query is the whole rule.
export { listInventory } from './inventory-repository';
/** The rental health check's upstreams, and its result on the proxy it checked (the proxy's own columns). */
export { markProxyChecked, recordProxyCheck, upstreamsOf } from './inventory-repository';
/**
 * Discovery's claims and findings. It decides what a look found and whether the catalogue changed
 * (and bumps it in the same transaction); these write it on the proxy's row.
 */
export {
  claimDueProxies,
  failingSinceOr,
  findHeldProxyIds,
  findProxies,
  saveInspection,
  type ProxyUpdate,
} from './inspection-repository';
export type { ProxyRow } from './inventory-repository';
/** A proxy read whole: for a purchase or a replacement under its row lock, for a notice without. */
export { findProxy, lockProxy } from './inventory-repository';
/** Which node serves a proxy is a column of the proxy; the nodes area decides a move and audits it. */
export { lockProxyNode, setProxyNode } from './inventory-repository';
/** The nodes' console shows how many proxies each node serves. */
export { countProxiesByNode } from './inventory-repository';
/** The console's overview and the metrics count proxies by state, and the unhealthy ones. */
export { countProxiesByState, countUnhealthyProxies } from './inventory-repository';
/** Replacement moves a rental off a failing proxy, which then leaves the catalogue. */
export { delistUnhealthy } from './inventory-repository';

export interface InventoryDeps {
  db: Database;
  clock: Clock;
}

/** The operator's import, from the console and the command line alike, with its audit row. */
export async function importInventory(
  deps: InventoryDeps,
  actor: AuditActor,
  body: string | unknown[],
  query: z.output<typeof ProxyImportQuerySchema>,
  source: Record<string, unknown> = {},
): Promise<StoredImport> {
  const { rows, rowNumbers } = readImport(body, query);
  return deps.db.transaction(async (tx) => {
    const stored = await storeImport(
      tx,
      await withNodeIds(tx, rows, rowNumbers, query.node),
      deps.clock.now(),
      rowNumbers,
    );
    const { ids } = stored;
    await recordAudit(tx, {
      actor,
      action: 'proxies.import',
      details: {
        ...source,
        added: ids.length,
        firstId: ids[0],
        lastId: ids[ids.length - 1],
        duplicates: stored.duplicates.length,
      },
      at: deps.clock.now(),
    });
    return stored;
  });
}

export async function setProxyEnabledBy(deps: InventoryDeps, actor: AuditActor, id: number, enabled: boolean) {
  await deps.db.transaction(async (tx) => {
    await setProxyEnabled(tx, id, enabled);
    await recordAudit(tx, {
      actor,
      action: `proxies.${enabled ? 'enable' : 'disable'}`,
      details: { id },
      at: deps.clock.now(),
    });
  });
}

/** The per-proxy limits an operator sets, each with its column's setter and its audit action. */
const PROXY_LIMITS = {
  maxConnections: { set: setProxyMaxConnections, action: 'proxies.max-connections' },
  maxSourceIps: { set: setProxyMaxSourceIps, action: 'proxies.max-source-ips' },
} as const;

/**
 * A proxy's own cap on one rental's concurrent connections or on its client addresses (null: the
 * shop's default; 0: none), with its audit row in the same transaction.
 */
export async function setProxyLimitBy(
  deps: InventoryDeps,
  actor: AuditActor,
  id: number,
  limit: keyof typeof PROXY_LIMITS,
  value: number | null,
) {
  const { set, action } = PROXY_LIMITS[limit];
  await deps.db.transaction(async (tx) => {
    await set(tx, id, value);
    await recordAudit(tx, { actor, action, details: { id, [limit]: value }, at: deps.clock.now() });
  });
}
