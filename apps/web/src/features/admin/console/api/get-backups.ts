import { backupStatusEndpoint } from '@portal/contract';
import { defineQuery } from '../../../../lib/define-hooks';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

const backups = defineQuery(consoleKeys.backups, (signal) => callAdminEndpoint(backupStatusEndpoint, { signal }));

export const getBackupsQueryOptions = backups.options;
export const useBackups = backups.use;
