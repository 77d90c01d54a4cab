import type { ProxyImportQuerySchema } from '@portal/contract';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../admin/audit';
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
    const stored = await storeImport(tx, rows, deps.clock.now(), rowNumbers);
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

/** A proxy's own cap on one rental's concurrent connections (null: the shop's; 0: none), audited. */
export async function setProxyMaxConnectionsBy(
  deps: InventoryDeps,
  actor: AuditActor,
  id: number,
  maxConnections: number | null,
) {
  await deps.db.transaction(async (tx) => {
    await setProxyMaxConnections(tx, id, maxConnections);
    await recordAudit(tx, {
      actor,
      action: 'proxies.max-connections',
      details: { id, maxConnections },
      at: deps.clock.now(),
    });
  });
}

/** A proxy's own limit on one rental's client addresses (null: the shop's; 0: none), audited. */
export async function setProxyMaxSourceIpsBy(
  deps: InventoryDeps,
  actor: AuditActor,
  id: number,
  maxSourceIps: number | null,
) {
  await deps.db.transaction(async (tx) => {
    await setProxyMaxSourceIps(tx, id, maxSourceIps);
    await recordAudit(tx, {
      actor,
      action: 'proxies.max-source-ips',
      details: { id, maxSourceIps },
      at: deps.clock.now(),
    });
  });
}
