import { overviewEndpoint } from '@portal/contract';
import { defineQuery } from '../../../../lib/define-hooks';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

const overview = defineQuery(consoleKeys.overview, (signal) => callAdminEndpoint(overviewEndpoint, { signal }));

export const getOverviewQueryOptions = overview.options;
export const useOverview = overview.use;
