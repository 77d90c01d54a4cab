import { backupStatusEndpoint, setProxyMaxConnectionsEndpoint, setProxyMaxSourceIpsEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf, requireAdmin, type AdminAuthDeps } from '../admin/admin-auth';
import { recordAudit } from '../admin/audit';
import type { BackupConfig } from '../config';
import { setProxyMaxConnections, setProxyMaxSourceIps } from '../inventory/inventory-repository';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { backupStatus } from './backup-schedule';

/** The operator's side of operations: scheduled backups' state, per-proxy connection caps and address limits. */
export const opsRoutes: FastifyPluginAsyncZod<AdminAuthDeps & { backups: BackupConfig | null }> = async (app, deps) => {
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(backupStatusEndpoint, async () => ({
    success: true as const,
    ...(await backupStatus(deps.db, deps.backups, deps.clock.now())),
  }));

  route(setProxyMaxConnectionsEndpoint, async (request) => {
    const { id } = request.params;
    const { maxConnections } = request.body;
    await deps.db.transaction(async (tx) => {
      await setProxyMaxConnections(tx, id, maxConnections);
      await recordAudit(tx, {
        actor: adminActorOf(request),
        action: 'proxies.max-connections',
        details: { id, maxConnections },
        at: deps.clock.now(),
      });
    });
    return { success: true as const, id, maxConnections };
  });

  route(setProxyMaxSourceIpsEndpoint, async (request) => {
    const { id } = request.params;
    const { maxSourceIps } = request.body;
    await deps.db.transaction(async (tx) => {
      await setProxyMaxSourceIps(tx, id, maxSourceIps);
      await recordAudit(tx, {
        actor: adminActorOf(request),
        action: 'proxies.max-source-ips',
        details: { id, maxSourceIps },
        at: deps.clock.now(),
      });
    });
    return { success: true as const, id, maxSourceIps };
  });
};
