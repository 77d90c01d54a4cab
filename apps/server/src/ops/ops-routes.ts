import { backupStatusEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';
import type { BackupConfig } from '../config';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { backupStatus } from './backup-schedule';

/** The operator's side of operations: scheduled backups' state. */
export const opsRoutes: FastifyPluginAsyncZod<AdminAuthDeps & { backups: BackupConfig | null }> = async (app, deps) => {
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(backupStatusEndpoint, async () => ({
    success: true as const,
    ...(await backupStatus(deps.db, deps.backups, deps.clock.now())),
  }));
};
