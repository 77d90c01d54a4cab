import { defineEndpoint } from '../api/endpoint';
import { BackupStatusResponseSchema } from './schemas';

export const backupStatusEndpoint = defineEndpoint({
  operationId: 'getBackupStatus',
  method: 'GET',
  path: '/api/admin/backups',
  tag: 'admin',
  summary: 'Scheduled backups: the last one, its size and any failure',
  access: 'admin',
  // Those who run the shop day to day see whether its data is safe; finance and support do not need it.
  roles: ['manager'],
  response: BackupStatusResponseSchema,
});
