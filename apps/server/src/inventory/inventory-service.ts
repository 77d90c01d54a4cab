import type { ProxyImportQuerySchema } from '@portal/contract';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../admin/audit';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { readImport } from './inventory-import';
import { setProxyEnabled, storeImport, type StoredImport } from './inventory-repository';

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
